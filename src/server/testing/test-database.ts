import { randomUUID } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";

const DEFAULT_SERVER_URL = "postgres://postgres@127.0.0.1:5432/test";

/** A test's database; on PostgreSQL also a way in of another process or machine. */
export type TestDatabase = DatabaseHandle & {
  /** Another handle on the same PostgreSQL database, with its own pool (undefined on PGlite). */
  openAnother?: () => Promise<DatabaseHandle>;
};

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB=postgres) a new
 * database on the PostgreSQL server of TEST_DATABASE_URL, dropped again on close.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB !== "postgres") return openDatabase({ kind: "pglite" });

  const serverUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_SERVER_URL;
  const name = `shop_test_${randomUUID().replace(/-/g, "")}`;
  await withAdmin(serverUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString() });
  return {
    ...handle,
    openAnother: () => openDatabase({ kind: "postgres", url: url.toString() }),
    close: async () => {
      await handle.close();
      await withAdmin(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdmin(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
