import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  ping(): Promise<void>;
  /** PostgreSQL NOTIFY, one per payload, in one statement: reaches every process listening. */
  notify(channel: string, ...payloads: string[]): Promise<void>;
  /** PostgreSQL LISTEN; resolves to a function that stops listening. */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onError?: (error: Error) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

const dialect = new PgDialect();

/**
 * A hot statement, built once and run by name. Its values are `sql.placeholder("…")`s, given at
 * each call: drizzle builds the text once, not per call (a tenth of a cart write's time), and
 * PostgreSQL parses it once per connection and, once it has seen it a few times, stops planning it
 * for each call (a cart write spent half its time being planned). PGlite runs it as any other
 * statement. A placeholder without a value fails the call.
 */
export function namedStatement<Values extends Record<string, unknown>>(
  name: string,
  statement: SQL,
): (db: Database | Transaction, values: Values) => Promise<unknown> {
  const query = dialect.sqlToQuery(statement);
  return (db, values) => db._.session.prepareQuery(query, undefined, name, false).execute(values);
}

/** `select pg_notify($1, $2), pg_notify($1, $3)…`: a channel, then each payload. */
function notifyStatement(payloads: number): string {
  const calls = Array.from({ length: payloads }, (_, index) => `pg_notify($1, $${index + 2})`);
  return `select ${calls.join(", ")}`;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export type DatabaseOptions =
  | { kind: "postgres"; url: string; onConnectionError?: (error: Error) => void }
  /** `dataDir` undefined keeps the database in memory (tests). */
  | { kind: "pglite"; dataDir?: string };

/** Opens the database and brings its schema up to date: one schema, one set of migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === "postgres"
    ? openPostgres(options.url, options.onConnectionError)
    : openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  let client: PGlite;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    client = await PGlite.create(join(dataDir, "pglite"));
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    notify: async (channel, ...payloads) => {
      await client.query(notifyStatement(payloads.length), [channel, ...payloads]);
    },
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
  };
}

async function openPostgres(
  url: string,
  onConnectionError?: (error: Error) => void,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server closed (restart, admin, failover) is dropped by the pool and
  // the next query opens another; without a listener the error would end the process.
  pool.on("error", (error) => onConnectionError?.(error));
  const db = drizzlePg({ client: pool, schema });
  await migratePg(db, { migrationsFolder });
  const listeners: pg.Client[] = [];
  return {
    db,
    kind: "postgres",
    ping: async () => {
      await pool.query("select 1");
    },
    notify: async (channel, ...payloads) => {
      await pool.query(notifyStatement(payloads.length), [channel, ...payloads]);
    },
    // LISTEN needs a connection of its own, outside the pool.
    listen: async (channel, onPayload, onError) => {
      const client = new pg.Client({ connectionString: url });
      client.on("error", (error) => onError?.(error));
      await client.connect();
      client.on("notification", (message) => {
        if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
      });
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      listeners.push(client);
      return async () => {
        listeners.splice(listeners.indexOf(client), 1);
        await client.end();
      };
    },
    close: async () => {
      await Promise.all(listeners.map((client) => client.end()));
      await pool.end();
    },
  };
}
