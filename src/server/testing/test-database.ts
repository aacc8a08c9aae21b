import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { DEFAULT_SERVER_URL, databaseUrl, withAdmin } from "./template-databases.ts";

/** A test's database; on PostgreSQL also a way in of another process or machine. */
export type TestDatabase = DatabaseHandle & {
  /** Another handle on the same PostgreSQL database, with its own pool (undefined on PGlite). */
  openAnother?: () => Promise<DatabaseHandle>;
};

/** The run's migrated embedded database (template-databases.ts), read once per test file. */
let pgliteTemplate: Blob | undefined;

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB=postgres) a new
 * database on the PostgreSQL server of TEST_DATABASE_URL, dropped again on close. Both start as
 * copies of the run's migrated template when the API projects made one (vitest.config.ts).
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB !== "postgres") {
    const templateFile = inject("pgliteTemplate");
    if (templateFile) pgliteTemplate ??= new Blob([readFileSync(templateFile)]);
    return openDatabase({ kind: "pglite", ...(templateFile ? { template: pgliteTemplate } : {}) });
  }

  const serverUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_SERVER_URL;
  const name = `shop_test_${randomUUID().replace(/-/g, "")}`;
  const template = inject("postgresTemplate");
  await withAdmin(serverUrl, (admin) =>
    admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`),
  );
  const url = databaseUrl(serverUrl, name);
  const handle = await openDatabase({ kind: "postgres", url });
  return {
    ...handle,
    openAnother: () => openDatabase({ kind: "postgres", url }),
    close: async () => {
      await handle.close();
      await withAdmin(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}
