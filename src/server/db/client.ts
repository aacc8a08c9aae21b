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
  /**
   * Takes a lock that one process among all those sharing the database holds at a time, on a
   * connection of its own (issue 31): the release, or undefined when another process holds it.
   * The lock goes with its connection, so `onLost` is told when the connection is lost (the lock
   * is then free for another process). PGlite lives in one process: always taken.
   */
  tryExclusiveLock(key: number, onLost: () => void): Promise<(() => Promise<void>) | undefined>;
  /** The connection pool's state (PostgreSQL): its connections, idle ones, and requests waiting. */
  poolStats?(): { total: number; idle: number; waiting: number };
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
  /**
   * `dataDir` undefined keeps the database in memory (tests), started from `template` if given
   * (a dump of `embeddedTemplate`).
   */
  | { kind: "pglite"; dataDir?: string; template?: Blob };

/** Opens the database and brings its schema up to date: one schema, one set of migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === "postgres"
    ? openPostgres(options.url, options.onConnectionError)
    : openPglite(options.dataDir, options.template);
}

/**
 * An in-memory embedded database with every migration applied, dumped: tests start their own
 * from it (PGlite's initdb alone takes seconds) and the migrator then finds nothing to do.
 */
export async function embeddedTemplate(): Promise<Blob> {
  const client = await PGlite.create();
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    return await client.dumpDataDir("none");
  } finally {
    await client.close();
  }
}

async function openPglite(dataDir: string | undefined, template: Blob | undefined): Promise<DatabaseHandle> {
  let client: PGlite;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    client = await PGlite.create(join(dataDir, "pglite"));
  } else {
    client = await PGlite.create(template ? { loadDataDir: template } : {});
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
    tryExclusiveLock: async () => async () => {},
    close: () => client.close(),
  };
}

/** Any fixed number: the one lock every shop process takes to migrate (`pg_advisory_lock`). */
const MIGRATION_LOCK = 7_301_030;

/**
 * Brings the schema up to date under a session advisory lock (issue 31): drizzle's migrator
 * takes none, so two machines starting at once (or a rolling deploy) would both apply the same
 * migration and one would fail. The second waits for the first, then finds nothing left to do.
 * The lock is held on a connection of its own, outside the pool, and ends with it.
 */
async function migrateOnce(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
  } finally {
    // Closing the session releases the lock, also when a migration failed.
    await client.end();
  }
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
  await migrateOnce(url);
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
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    tryExclusiveLock: async (key, onLost) => {
      const client = new pg.Client({ connectionString: url });
      let released = false;
      client.on("error", () => undefined);
      client.on("end", () => {
        const at = listeners.indexOf(client);
        if (at >= 0) listeners.splice(at, 1);
        if (!released) onLost();
      });
      await client.connect();
      const answer = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [
        key,
      ]);
      if (answer.rows[0]?.locked !== true) {
        released = true;
        await client.end();
        return undefined;
      }
      listeners.push(client);
      return async () => {
        released = true;
        await client.end();
      };
    },
    close: async () => {
      await Promise.all(listeners.map((client) => client.end()));
      await pool.end();
    },
  };
}
