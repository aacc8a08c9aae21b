import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";
import { productStock } from "./schema.ts";

const SERVER_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const dir = mkdtempSync(join(tmpdir(), "shop-pg-backup-"));
const made: string[] = [];
afterAll(async () => {
  for (const name of made) await admin(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
  rmSync(dir, { recursive: true, force: true });
});

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function freshDatabase(): Promise<string> {
  const name = `shop_backup_${randomUUID().replace(/-/g, "")}`;
  await admin(`create database ${pg.escapeIdentifier(name)}`);
  made.push(name);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

describe.runIf(process.env.TEST_DB === "postgres")(
  "PostgreSQL's backup, as docs/OPERATIONS.md says (issue 31)",
  () => {
    it("pg_dump of a running shop's database, restored with pg_restore into an empty one, opens with its data", async () => {
      const liveUrl = await freshDatabase();
      const live = await openDatabase({ kind: "postgres", url: liveUrl });
      await live.db.insert(productStock).values({ productId: 9002, available: 3 });
      const file = join(dir, "shop.dump");
      // While the shop is open: pg_dump reads one consistent snapshot.
      execFileSync("pg_dump", ["--format=custom", "--no-owner", `--file=${file}`, liveUrl]);
      await live.close();

      const restoredUrl = await freshDatabase();
      execFileSync("pg_restore", ["--no-owner", "--exit-on-error", `--dbname=${restoredUrl}`, file]);
      // The shop starts on it: its migrations find nothing left to do.
      const restored = await openDatabase({ kind: "postgres", url: restoredUrl });
      try {
        const rows = await restored.db.select().from(productStock).where(eq(productStock.productId, 9002));
        expect(rows).toMatchObject([{ productId: 9002, available: 3 }]);
      } finally {
        await restored.close();
      }
    }, 60_000);
  },
);
