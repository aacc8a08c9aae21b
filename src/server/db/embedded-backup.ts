import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";

/** Where the embedded database keeps its files inside DATA_DIR (as `db/client.ts` opens it). */
const embeddedDir = (dataDir: string) => join(dataDir, "pglite");

/**
 * The embedded database (PGlite in DATA_DIR) written to one gzipped tar file (issue 31), by
 * PGlite's own `dumpDataDir`: the whole data directory as PostgreSQL left it after a clean
 * close. The shop must be stopped: the embedded database belongs to one process at a time.
 */
export async function exportEmbedded(dataDir: string, file: string): Promise<number> {
  const dir = embeddedDir(dataDir);
  if (!existsSync(dir)) throw new Error(`No embedded database in ${dir}`);
  const client = await PGlite.create(dir);
  try {
    const dump = await client.dumpDataDir("gzip");
    const bytes = Buffer.from(await dump.arrayBuffer());
    await writeFile(file, bytes);
    return bytes.byteLength;
  } finally {
    await client.close();
  }
}

/**
 * A file `exportEmbedded` wrote, made the embedded database of an empty DATA_DIR (never over a
 * database that exists: move it away first). The shop started on it finds its data as it was.
 */
export async function restoreEmbedded(file: string, dataDir: string): Promise<void> {
  const dir = embeddedDir(dataDir);
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new Error(`${dir} already holds a database: restore into an empty DATA_DIR`);
  }
  mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dir, { loadDataDir: new Blob([await readFile(file)]) });
  await client.close();
}
