import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";

const SERVER_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const migrations = readdirSync(fileURLToPath(new URL("./migrations", import.meta.url))).filter((file) =>
  file.endsWith(".sql"),
);

async function admin<Result>(run: (client: pg.Client) => Promise<Result>): Promise<Result> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

describe.runIf(process.env.TEST_DB === "postgres")("migrations on PostgreSQL (issue 31)", () => {
  it("run once when several shop processes start at once on an empty database, and all of them serve", async () => {
    const name = `shop_migrate_${randomUUID().replace(/-/g, "")}`;
    await admin((client) => client.query(`create database ${name}`));
    const url = new URL(SERVER_URL);
    url.pathname = `/${name}`;
    try {
      const handles = await Promise.all(
        Array.from({ length: 3 }, () => openDatabase({ kind: "postgres", url: url.toString() })),
      );
      for (const handle of handles) await handle.ping();
      const counted = new pg.Client({ connectionString: url.toString() });
      await counted.connect();
      const applied = await counted.query("select count(*)::int as n from drizzle.__drizzle_migrations");
      await counted.end();
      expect(applied.rows).toEqual([{ n: migrations.length }]);
      await Promise.all(handles.map((handle) => handle.close()));
    } finally {
      await admin((client) => client.query(`drop database if exists ${name} with (force)`));
    }
  });
});
