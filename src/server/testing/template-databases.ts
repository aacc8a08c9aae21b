import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { embeddedTemplate, openDatabase } from "../db/client.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A file holding an embedded database with every migration applied (PGlite's own dump). */
    pgliteTemplate?: string;
    /** The name of a migrated database on the test PostgreSQL server, copied for each test file. */
    postgresTemplate?: string;
  }
}

export const DEFAULT_SERVER_URL = "postgres://postgres@127.0.0.1:5432/test";

let cleanUp: () => Promise<void> = async () => {};

/**
 * Migrates one database per API project and run, which every test file then copies: a fresh
 * embedded database costs PGlite's initdb (~2.5 s on this machine) and the migrations, a copy of
 * a dump under a second; on PostgreSQL `CREATE DATABASE … TEMPLATE` copies the files instead of
 * replaying 35 migrations. The copies still run the migrator, which finds nothing left to do.
 */
export async function setup(project: TestProject) {
  if (project.name === "api-pglite") {
    const dump = await embeddedTemplate();
    const dir = mkdtempSync(join(tmpdir(), "shop-template-"));
    const file = join(dir, "migrated.tar");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide("pgliteTemplate", file);
    cleanUp = async () => rmSync(dir, { recursive: true, force: true });
  } else if (project.name === "api-postgres") {
    const serverUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_SERVER_URL;
    const name = `shop_template_${randomUUID().replace(/-/g, "")}`;
    await withAdmin(serverUrl, (admin) => admin.query(`create database ${name}`));
    const database = await openDatabase({ kind: "postgres", url: databaseUrl(serverUrl, name) });
    await database.close();
    project.provide("postgresTemplate", name);
    cleanUp = () =>
      withAdmin(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
  }
}

export async function teardown() {
  await cleanUp();
}

/** The URL of another database on the same server. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdmin(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
