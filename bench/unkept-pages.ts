import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { OperatorStats } from "#shared/api/operator-stats-contract.ts";
import { createScratchDatabase } from "../e2e/support/scratch-database.ts";
import { startShop } from "../e2e/support/start-shop.ts";
import { errorMessage } from "./lighthouse.ts";
import { type LoadFigures, runWrkOnce, WRK_THREADS } from "./page-load.ts";
import { measureRenderAlone, type RenderAlone } from "./render-alone.ts";

/** Product pages not yet kept, the long tail of a big catalogue (issue 32, decision 056). */
export type UnkeptPages = {
  /** Product pages asked for, in each language (one of wrk's threads per language). */
  pages: number;
  figures: LoadFigures;
  /** Of the requests in the measured run, the share drawn for the cache rather than sent from it. */
  drawnShare: number;
  /** How often every product's pages were dropped during the run (a stock change announced for each). */
  dropEveryMs: number;
  /** The page cache after the run (its Brotli forms made and dropped). */
  cache: OperatorStats["pageCache"];
  /** The same pages drawn by the renderer alone, after the run: the floor under a miss's cost. */
  renderAlone: RenderAlone | { error: string };
  loadAverage1mAtStart: number | null;
};

/** Pages the renderer alone draws, each in both languages (`render-alone.ts`). */
const RENDER_ALONE_PAGES = 50;

const WARM_UP_SECONDS = 3;
const SECONDS = 6;
/** Slow answers are the point here: counted in the latencies, not cut off at wrk's 2 s. */
const TIMEOUT_SECONDS = 10;

/**
 * One shop process on a PostgreSQL database of its own, every product page asked for in turn in
 * Spanish (one wrk thread) and Portuguese (the other), each page dropped before it is asked for
 * again: `NOTIFY stock_changes` for every product, as a stock change announces it (decision 018),
 * a few times per turn through the catalogue. Every request is then a miss: drawn, compressed and
 * kept, as the first visit of a page of a large catalogue is. The share drawn is measured from the
 * cache's own counts; nothing passes or fails on time.
 */
export async function measureUnkeptPages(root: string): Promise<UnkeptPages> {
  const loadAverage1mAtStart = loadavg()[0] ?? null;
  const database = await createScratchDatabase("shop_bench_unkept");
  const work = mkdtempSync(join(tmpdir(), "bench-unkept-"));
  const client = new pg.Client({ connectionString: database.url });
  let shop: Awaited<ReturnType<typeof startShop>> | undefined;
  let dropping: NodeJS.Timeout | undefined;
  try {
    shop = await startShop(root, { databaseUrl: database.url });
    await client.connect();
    const { baseUrl } = shop;
    const token = readFileSync(join(shop.dataDir, "operator-token"), "utf8").trim();
    const stats = async () => {
      const response = await fetch(`${baseUrl}/api/operator/stats`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const { pageCache } = (await response.json()) as OperatorStats;
      if (!pageCache) throw new Error("the shop keeps no page cache");
      return pageCache;
    };
    const paths = await productPaths(baseUrl);
    const ids = paths.map((path) => Number(path.split("/").at(-1)));
    const script = join(work, "unkept-pages.lua");
    writeFileSync(script, productPagesScript(paths));
    const drop = () =>
      client.query("select pg_notify('stock_changes', id::text) from unnest($1::int[]) id", [ids]);
    const dropEvery = (ms: number) => {
      clearInterval(dropping);
      dropping = setInterval(() => void drop(), ms);
    };
    // A first run sets the pace: every page is dropped three times per turn of a thread through them.
    dropEvery(100);
    const wrk = { script, timeoutSeconds: TIMEOUT_SECONDS };
    const warmUp = await runWrkOnce(baseUrl, {}, { ...wrk, seconds: WARM_UP_SECONDS });
    const turnMs = (paths.length / (warmUp.requestsPerSecond / WRK_THREADS)) * 1000;
    const dropEveryMs = Math.round(Math.min(2000, Math.max(100, turnMs / 3)));
    dropEvery(dropEveryMs);
    // Nothing the first run kept is left when the measured one starts again from the first page.
    await drop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = await stats();
    const figures = await runWrkOnce(baseUrl, {}, { ...wrk, seconds: SECONDS });
    const after = await stats();
    const drawn = after.renders - before.renders;
    const sent = after.hits - before.hits;
    clearInterval(dropping);
    const renderAlone = await measureRenderAlone(root, baseUrl, paths.slice(0, RENDER_ALONE_PAGES)).catch(
      (error: unknown) => ({ error: errorMessage(error) }),
    );
    return {
      pages: paths.length,
      figures,
      drawnShare: drawn / Math.max(1, drawn + sent),
      dropEveryMs,
      cache: after,
      renderAlone,
      loadAverage1mAtStart,
    };
  } finally {
    clearInterval(dropping);
    await client.end().catch(() => undefined);
    await shop?.stop();
    await database.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** Every product page the sitemap lists. */
async function productPaths(baseUrl: string): Promise<string[]> {
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1] ?? "/").pathname,
  );
  const products = [...new Set(paths.filter((path) => path.startsWith("/detalle/")))];
  if (products.length === 0) throw new Error("the sitemap lists no product page");
  return products;
}

/** wrk's requests: thread 1 every product page in Spanish, thread 2 in Portuguese, in turn, gzip. */
function productPagesScript(paths: readonly string[]): string {
  return `local paths = { ${paths.map((path) => JSON.stringify(path)).join(", ")} }
local langs = { "es", "pt" }
local threads = 0
function setup(thread)
  thread:set("thread_index", threads)
  threads = threads + 1
end
local requests = {}
local next_request = 0
function init(args)
  local headers = { ["Cookie"] = "lang=" .. langs[thread_index % 2 + 1], ["Accept-Encoding"] = "gzip" }
  for i = 1, #paths do requests[i] = wrk.format("GET", paths[i], headers) end
end
function request()
  next_request = next_request % #requests + 1
  return requests[next_request]
end
`;
}
