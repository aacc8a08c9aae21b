import { randomUUID } from "node:crypto";
import pg from "pg";

/** The PostgreSQL server of the tests and benchmarks; CI sets TEST_DATABASE_URL. */
export const POSTGRES_SERVER_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export type ScratchDatabase = {
  url: string;
  /** Drops the database even while processes are still connected to it. */
  drop(): Promise<void>;
};

/** A new, empty database on the server, for shop processes that must share one. */
export async function createScratchDatabase(
  prefix: string,
  serverUrl = POSTGRES_SERVER_URL,
): Promise<ScratchDatabase> {
  // A random name: other runs may use the same server at the same time.
  const name = `${prefix}_${randomUUID().replace(/-/g, "")}`;
  await runAdmin(serverUrl, `create database ${pg.escapeIdentifier(name)}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runAdmin(serverUrl, `drop database if exists ${pg.escapeIdentifier(name)} with (force)`),
  };
}

async function runAdmin(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
