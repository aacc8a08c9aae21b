import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { createScratchDatabase } from "../e2e/support/scratch-database.ts";
import { startShop } from "../e2e/support/start-shop.ts";
import { builtinCatalogSource } from "../src/catalog/builtin-catalog.ts";
import { makeBigCatalog } from "../src/catalog/generate/big-catalog.ts";
import { WARM_UP_SECONDS } from "./cart-load.ts";

/** What is asked of a catalogue at scale (issue 32): a category's page and searches, as the API answers them. */
export const CATALOG_QUERIES: readonly { name: string; path: string }[] = [
  { name: "category, page 2", path: "/api/categories/Peluche?lang=es&page=2" },
  { name: "category by price, page 40", path: "/api/categories/Juguete?lang=es&sort=price-asc&page=40" },
  { name: "search, two words", path: "/api/search?q=mochila%20azul&lang=es" },
  { name: "search, a typo (PT)", path: "/api/search?q=caneca%20brilhnte&lang=pt" },
  { name: "product page (HTML)", path: "/detalle/150" },
];

export type CatalogQueryFigures = {
  name: string;
  path: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
};

export type CatalogScaleRun = {
  products: number;
  /** Seconds `npm run catalog:import` took to write the file into the database (the big one only). */
  importSeconds: number | null;
  /** Seconds from the process's start to its first answer (it reads the whole catalogue first). */
  startSeconds: number;
  /** Seconds from the start to its first search's answer (its index built in the background). */
  readySeconds: number;
  /** The process's resident memory once loaded and measured, and the page cache's bytes then. */
  residentMegabytes: number | null;
  pageCacheBytes: number | null;
  queries: CatalogQueryFigures[];
};

export type CatalogScale = { connections: number; durationSeconds: number; runs: CatalogScaleRun[] };

/**
 * The built-in catalogue beside a generated one of `count` products (issue 32), each on a fresh
 * PostgreSQL database and one shop process: the import's time, the start, category and search
 * answers at `connections` connections after an unmeasured warm-up, and the memory it holds.
 */
export async function measureCatalogScale(
  root: string,
  { count = 100_000, connections = 50, durationSeconds = 10 } = {},
): Promise<CatalogScale> {
  const runs = [await measureRun(root, null, connections, durationSeconds)];
  runs.push(await measureRun(root, count, connections, durationSeconds));
  return { connections, durationSeconds, runs };
}

async function measureRun(
  root: string,
  count: number | null,
  connections: number,
  durationSeconds: number,
): Promise<CatalogScaleRun> {
  const database = await createScratchDatabase("shop_bench_catalog");
  const dir = mkdtempSync(join(tmpdir(), "bench-catalog-"));
  try {
    const importSeconds = count === null ? null : importBig(root, dir, database.url, count);
    const started = performance.now();
    const shop = await startShop(root, { databaseUrl: database.url, healthTimeoutMs: 600_000 });
    const startSeconds = (performance.now() - started) / 1000;
    try {
      // The search index is built in the background after the start (decision 053); a search
      // waits for it. Measured warm: the first search's answer is the time to be whole.
      await fetch(`${shop.baseUrl}${CATALOG_QUERIES[2]?.path ?? "/api/search?q=a"}`);
      const readySeconds = (performance.now() - started) / 1000;
      const queries: CatalogQueryFigures[] = [];
      for (const { name, path } of CATALOG_QUERIES) {
        const url = `${shop.baseUrl}${path}`;
        await load(url, connections, WARM_UP_SECONDS);
        queries.push({ name, path, ...(await load(url, connections, durationSeconds)) });
      }
      return {
        products: count ?? builtinCatalogSource().products.length,
        importSeconds,
        startSeconds,
        readySeconds,
        residentMegabytes: residentMegabytes(shop.pid),
        pageCacheBytes: await pageCacheBytes(shop.baseUrl),
        queries,
      };
    } finally {
      await shop.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await database.drop();
  }
}

/** Writes the generated file and imports it as an operator would, timing the import alone. */
function importBig(root: string, dir: string, databaseUrl: string, count: number): number {
  const file = join(dir, "big-catalog.json");
  writeFileSync(file, JSON.stringify(makeBigCatalog(builtinCatalogSource().products, count)));
  const started = performance.now();
  const run = spawnSync(process.execPath, ["scripts/catalog-import.ts", file], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`catalog:import failed: ${run.stderr.slice(0, 2000)}`);
  return (performance.now() - started) / 1000;
}

async function load(url: string, connections: number, duration: number) {
  const result = await autocannon({ url, connections, duration });
  return {
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** The shop process's resident set (its `npm start` is this process's own child). */
function residentMegabytes(pid: number): number | null {
  const ps = spawnSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" });
  const kilobytes = Number.parseInt(ps.stdout.trim(), 10);
  return Number.isFinite(kilobytes) ? kilobytes / 1024 : null;
}

async function pageCacheBytes(baseUrl: string): Promise<number | null> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text().catch(() => "");
  const line = text.split("\n").find((row) => row.startsWith("shop_page_cache_bytes"));
  const value = Number(line?.split(/\s+/).pop());
  return Number.isFinite(value) ? value : null;
}

/** The figures as `npm run bench` prints them. */
export function printCatalogScale(scale: CatalogScale): void {
  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
  for (const run of scale.runs) {
    const imported =
      run.importSeconds === null ? "built in" : `imported in ${run.importSeconds.toFixed(1)} s`;
    const memory = run.residentMegabytes === null ? "?" : `${run.residentMegabytes.toFixed(0)} MB`;
    const cache = run.pageCacheBytes === null ? "?" : `${(run.pageCacheBytes / 1024).toFixed(0)} KB`;
    console.log(
      `  ${run.products.toLocaleString("en")} products (${imported}), started in ${run.startSeconds.toFixed(1)} s, ` +
        `searching after ${run.readySeconds.toFixed(1)} s, ${memory} resident, page cache ${cache}, ` +
        `${scale.connections} connections:`,
    );
    for (const query of run.queries) {
      console.log(
        `    ${query.name.padEnd(28)} ${query.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${ms(query.latencyP50Ms)}  p99 ${ms(query.latencyP99Ms)}` +
          (query.non2xx + query.errors > 0 ? `  non-2xx ${query.non2xx}, errors ${query.errors}` : ""),
      );
    }
  }
}
