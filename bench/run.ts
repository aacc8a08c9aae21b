import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { signUpBenchShopper } from "./api-shoppers.ts";
import { type BenchShop, startBenchShop } from "./bench-shop.ts";
import { type BudgetCheck, jsCheck, lighthouseChecks } from "./budgets.ts";
import { type CartLoad, measureCartLoad } from "./cart-load.ts";
import { measureCatalogScale, printCatalogScale } from "./catalog-scale.ts";
import { BENCH_PAGES, BUDGETS, LIGHTHOUSE_RUNS, RESULTS_FILE } from "./config.ts";
import { measureInitialJs, type PageJs } from "./initial-js.ts";
import {
  benchmarkPage,
  errorMessage,
  type LighthouseTools,
  loadLighthouseTools,
  type PageLighthouse,
} from "./lighthouse.ts";
import { type LiveLatency, measureLiveLatency } from "./live-latency.ts";
import { measureOrderListLoad, type OrderListLoad, printOrderListLoad } from "./order-list-load.ts";
import { measureOrderLoad, type OrderLoad } from "./order-load.ts";
import {
  type CrawlFigures,
  crawlSite,
  ensureLoadTools,
  measurePageServing,
  type PageServing,
} from "./page-load.ts";
import {
  printApi,
  printBudgets,
  printFindings,
  printFloorRatios,
  printJs,
  printLighthouseTable,
  printPages,
  printSection,
  printTlsProxyLoad,
} from "./report.ts";
import { startScriptFreeProxy } from "./script-free.ts";
import { measureTlsProxyLoad, type TlsProxyLoad } from "./tls-proxy-load.ts";
import { measureUnkeptPages, type UnkeptPages } from "./unkept-pages.ts";

/**
 * `npm run bench`: Lighthouse scores and initial JS of the built shop, compared with the budgets,
 * then pages and the API under load, and last the shop behind nginx with TLS (issue 31). Budgets
 * are informative: the command exits 0 whenever the measurements ran.
 */

const root = fileURLToPath(new URL("..", import.meta.url));
const manifestFile = join(root, "dist/client/.vite/manifest.json");

/** The shop's pages, and (`floor`) the same pages with every script taken out. */
type LighthousePart = { pages: PageLighthouse[]; floor?: PageLighthouse[]; error?: string };
type JsPart = { pages: PageJs[]; error?: string };

/** `npm run bench -- --only=api` measures the API figures alone (no Lighthouse, no initial JS). */
const onlyApi = process.argv.includes("--only=api");
/** `--only=pages`: pages served under load (with nginx beside) and the crawl, nothing else. */
const onlyPages = process.argv.includes("--only=pages");
/** `--only=orders`: the back office's order list with 100,000 orders, nothing else (issue 30). */
const onlyOrderList = process.argv.includes("--only=orders");
/** `--only=tls`: the shop behind nginx with TLS, two servers, beside nginx's own file (issue 31). */
const onlyTls = process.argv.includes("--only=tls");
/** `--only=catalog`: the built-in catalogue beside a generated one of 100,000 products (issue 32). */
const onlyCatalog = process.argv.includes("--only=catalog");
/** `--postgres`: the shop on a fresh PostgreSQL database instead of the embedded one. */
const onPostgres = process.argv.includes("--postgres");
/** `--seconds=N`: each measured wrk run of the TLS part lasts N seconds (6 by default), for a short try. */
const secondsOption = Number(process.argv.find((arg) => arg.startsWith("--seconds="))?.split("=")[1]);

/** What every part of the results file shares. */
type Run = { baseUrl: string; dataDir: string; database: string; buildTime: number; postgres: boolean };

async function main(): Promise<number> {
  if (!existsSync(manifestFile)) {
    console.error("No build found (dist/client/.vite/manifest.json is missing). Run `npm run build` first.");
    return 1;
  }
  // The shop reads dist/ at start-up: a rebuild during the run (shared tree) would mix two builds.
  const buildTime = statSync(manifestFile).mtimeMs;
  if (onlyOrderList) return orderListOnly();
  if (onlyTls) return tlsOnly(buildTime);
  if (onlyCatalog) return catalogOnly();
  let shop: BenchShop;
  try {
    shop = await startBenchShop(root, onPostgres);
  } catch (error) {
    console.error(`Could not start the shop: ${errorMessage(error)}`);
    return 1;
  }
  const stopOnSignal = (signal: NodeJS.Signals) => {
    void shop.stop().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  };
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
  const run: Run = {
    baseUrl: shop.baseUrl,
    dataDir: shop.dataDir,
    database: shop.database,
    buildTime,
    postgres: onPostgres,
  };
  try {
    if (onlyApi || onlyPages) {
      const skipped = { pages: [], error: `not run (${onlyApi ? "--only=api" : "--only=pages"})` };
      const api = onlyApi ? await apiPart(run) : { loadAverage1mAtStart: null, error: "not run" };
      const pages = onlyPages ? await pagesPart(run) : { error: "not run" };
      const tls = { loadAverage1mAtStart: null, error: "not run" };
      writeResults(run, { lighthouse: skipped, js: skipped, checks: [], api, pages, tls });
      return api.error && onlyApi ? 1 : 0;
    }
    return await benchmark(run);
  } finally {
    await shop.stop();
  }
}

async function benchmark(run: Run): Promise<number> {
  const { baseUrl } = run;
  printSection(`Benchmarking ${baseUrl} (${BENCH_PAGES.join(", ")})`);
  warnIfBusy("performance scores");
  const lighthouse = await lighthousePart(baseUrl);
  const js = await jsPart(baseUrl);

  if (lighthouse.pages.length > 0) {
    printLighthouseTable(lighthouse.pages, LIGHTHOUSE_RUNS);
    if (lighthouse.floor) printFloorRatios(lighthouse.pages, lighthouse.floor);
    printFindings(lighthouse.pages);
  } else {
    printSection(`Lighthouse skipped: ${lighthouse.error ?? "no run succeeded"}`);
  }
  if (js.pages.length > 0) printJs(js.pages);
  else printSection(`Initial JS measurement failed: ${js.error ?? "unknown error"}`);

  const checks = BENCH_PAGES.flatMap((path) => [
    ...lighthouse.pages.filter((page) => page.path === path).flatMap(lighthouseChecks),
    ...js.pages.filter((page) => page.path === path).map(jsCheck),
  ]);
  printBudgets(checks);
  const pages = await pagesPart(run);
  const api = await apiPart(run);
  const tls = await tlsPart();
  writeResults(run, { lighthouse, js, checks, api, pages, tls });
  // The 100,000-product catalogue writes its own results file (it takes its own databases).
  await catalogOnly();
  return js.error ? 1 : 0;
}

/**
 * `--only=catalog` (and the full run's last part): the built-in catalogue beside a generated one
 * of 100,000 products on PostgreSQL; its figures go to `results/catalog-scale.json`.
 */
async function catalogOnly(): Promise<number> {
  printSection("The catalogue at scale: built in, and 100,000 generated products (autocannon), PostgreSQL…");
  warnIfBusy("the catalogue's figures");
  const loadAverage1mAtStart = loadavg()[0] ?? null;
  try {
    const catalogScale = await measureCatalogScale(root);
    printCatalogScale(catalogScale);
    writeOwnResults("catalog-scale.json", {
      host: { cpus: availableParallelism(), loadAverage1mAtStart, loadAverage1mAtEnd: loadavg()[0] ?? null },
      catalogScale,
    });
    return 0;
  } catch (error) {
    console.error(`Catalogue measurement failed: ${errorMessage(error)}`);
    return 1;
  }
}

/** Simulated throttling and the API figures scale with the host CPU: a busy host lowers them. */
function warnIfBusy(figures: string): void {
  const load = loadavg()[0] ?? 0;
  const cpus = availableParallelism();
  if (load > cpus) {
    console.warn(`  note: load average ${load.toFixed(1)} on ${cpus} CPUs, ${figures} may be low and noisy`);
  }
}

async function lighthousePart(baseUrl: string): Promise<LighthousePart> {
  let tools: LighthouseTools;
  try {
    tools = await loadLighthouseTools();
  } catch (error) {
    const message = `could not import lighthouse / chrome-launcher: ${errorMessage(error)}`;
    console.error(`Lighthouse unavailable, ${message}`);
    return { pages: [], error: message };
  }
  const pages: PageLighthouse[] = [];
  const failures: string[] = [];
  for (const path of BENCH_PAGES) {
    const page = await benchmarkPage(tools, baseUrl, path, LIGHTHOUSE_RUNS);
    if (page) pages.push(page);
    else failures.push(path);
    // Every run of the first page failed: Lighthouse cannot launch here, do not insist.
    if (pages.length === 0) return { pages, error: `every run of ${path} failed (see above)` };
  }
  const floor = await floorPages(tools, baseUrl);
  return failures.length > 0
    ? { pages, floor, error: `every run failed for ${failures.join(", ")}` }
    : { pages, floor };
}

/** The same pages with every script taken out, in the same run: what first paint cannot beat. */
async function floorPages(tools: LighthouseTools, baseUrl: string): Promise<PageLighthouse[]> {
  printSection("The same pages with every <script> taken out (the floor)…");
  const proxy = await startScriptFreeProxy(baseUrl);
  try {
    await proxy.warm(BENCH_PAGES);
    const floor: PageLighthouse[] = [];
    for (const path of BENCH_PAGES) {
      const page = await benchmarkPage(tools, proxy.baseUrl, path, LIGHTHOUSE_RUNS);
      if (page) floor.push(page);
    }
    return floor;
  } finally {
    await proxy.close();
  }
}

type ApiPart = {
  /** Other work on a shared machine weighs on these figures: the load when they started. */
  loadAverage1mAtStart: number | null;
  cart?: CartLoad[];
  live?: LiveLatency;
  orders?: OrderLoad;
  /** The back office's order list with 100,000 orders, on a PostgreSQL database of its own. */
  orderList?: OrderListLoad;
  error?: string;
};

/** Server figures: cart writes and orders under concurrent load, and live-update latency. */
async function apiPart({ baseUrl, database }: Run): Promise<ApiPart> {
  printSection(`API under load (autocannon and concurrent buyers), database: ${database}…`);
  warnIfBusy("the API figures");
  const part: ApiPart = { loadAverage1mAtStart: loadavg()[0] ?? null };
  try {
    part.cart = await measureCartLoad(baseUrl);
    part.live = await measureLiveLatency(baseUrl);
    part.orders = await measureOrderLoad(baseUrl);
    part.orderList = await measureOrderListLoad(root);
  } catch (error) {
    part.error = errorMessage(error);
    console.error(`API measurement failed: ${part.error}`);
  }
  printApi(part);
  if (part.orderList) printOrderListLoad(part.orderList);
  return part;
}

/**
 * `--only=orders`: the order list alone; its figures go to `results/order-list.json` (the full
 * run keeps them with the API's in `latest.json`).
 */
async function orderListOnly(): Promise<number> {
  printSection("The back office's order list under load (autocannon), PostgreSQL…");
  warnIfBusy("the order list's figures");
  const loadAverage1mAtStart = loadavg()[0] ?? null;
  try {
    const orderList = await measureOrderListLoad(root);
    printOrderListLoad(orderList);
    writeOwnResults("order-list.json", {
      host: { cpus: availableParallelism(), loadAverage1mAtStart },
      orderList,
    });
    return 0;
  } catch (error) {
    console.error(`Order list measurement failed: ${errorMessage(error)}`);
    return 1;
  }
}

type TlsPart = {
  /** Other work on a shared machine weighs on these figures: the load when they started and ended. */
  loadAverage1mAtStart: number | null;
  loadAverage1mAtEnd?: number | null;
  tools?: { nginx: string | null; wrk: string | null };
  figures?: TlsProxyLoad;
  error?: string;
};

/**
 * deploy/nginx/shop.conf in front of two shop servers on PostgreSQL (issue 31): a page and cart
 * writes through https, beside nginx's own file of the page's bytes over the same TLS and one
 * server straight, in the same run.
 */
async function tlsPart(): Promise<TlsPart> {
  printSection("The shop behind nginx with TLS, two servers on one PostgreSQL (wrk, https)…");
  warnIfBusy("the figures");
  const part: TlsPart = { loadAverage1mAtStart: loadavg()[0] ?? null };
  try {
    const seconds = Number.isFinite(secondsOption) && secondsOption > 0 ? secondsOption : undefined;
    part.figures = await measureTlsProxyLoad(root, seconds ? { seconds } : {});
    printTlsProxyLoad(part.figures);
  } catch (error) {
    part.error = errorMessage(error);
    console.error(`TLS proxy measurement failed: ${part.error}`);
  }
  part.loadAverage1mAtEnd = loadavg()[0] ?? null;
  part.tools = { nginx: commandVersion("nginx", ["-v"]), wrk: commandVersion("wrk", ["-v"]) };
  return part;
}

/** `--only=tls`: the TLS part alone; its figures go to `results/tls-proxy.json`. */
async function tlsOnly(buildTime: number): Promise<number> {
  const tlsProxy = await tlsPart();
  const rebuiltDuringRun = statSync(manifestFile, { throwIfNoEntry: false })?.mtimeMs !== buildTime;
  if (rebuiltDuringRun) console.warn("\nWARNING: dist/ was rebuilt during the benchmark.");
  writeOwnResults("tls-proxy.json", {
    host: { cpus: availableParallelism() },
    build: { rebuiltDuringRun },
    tlsProxy,
  });
  return tlsProxy.error ? 1 : 0;
}

/** A part run on its own (`--only=orders`, `--only=tls`) writes a results file of its own. */
function writeOwnResults(name: string, figures: Record<string, unknown>): void {
  const file = fileURLToPath(new URL(`./${name}`, RESULTS_FILE));
  mkdirSync(dirname(file), { recursive: true });
  const results = { generatedAt: new Date().toISOString(), commit: gitCommit(), node: process.version };
  writeFileSync(file, `${JSON.stringify({ ...results, ...figures }, null, 2)}\n`);
  printSection(`Raw figures written to ${file}`);
}

/** The first line a tool prints about its version (nginx and wrk print it on stderr, with a status). */
function commandVersion(command: string, args: string[]): string | null {
  const result = spawnSync(command, args, { encoding: "utf8" });
  return `${result.stdout}${result.stderr}`.split("\n")[0]?.trim() || null;
}

type PagesPart = {
  serving?: PageServing[];
  /** Product pages not yet kept, each request a miss (issue 32), or why they were not measured. */
  unkept?: UnkeptPages | { error: string };
  crawl?: CrawlFigures;
  error?: string;
};

/**
 * Pages under load: nginx serving each page's own bytes, the shop to a visitor (page cache), the
 * same build rendering every request (PAGE_CACHE=off, started for this on its own database), the
 * shop as one worker per core on PostgreSQL, and to a signed-in shopper; product pages not yet
 * kept (one process on PostgreSQL); then a crawl of the whole site and the memory it leaves.
 */
async function pagesPart(run: Run): Promise<PagesPart> {
  printSection(`Pages under load (wrk, 50 connections), database: ${run.database}…`);
  warnIfBusy("the page figures");
  let rendering: BenchShop | undefined;
  let workers: BenchShop | undefined;
  const part: PagesPart = {};
  try {
    ensureLoadTools();
    rendering = await startBenchShop(root, run.postgres, { PAGE_CACHE: "off" });
    // One worker per core, as nginx runs (decision 027): only on PostgreSQL.
    workers = await startBenchShop(root, true, { WORKERS: "auto" }).catch((error: unknown) => {
      console.error(
        `  the shop with one worker per core did not start (${errorMessage(error)}); not measured`,
      );
      return undefined;
    });
    // A shopper with a cart line and a heart on /detalle/1, on each build.
    const [shopper, renderingShopper, workersShopper] = await Promise.all([
      signUpBenchShopper(run.baseUrl),
      signUpBenchShopper(rendering.baseUrl),
      workers && signUpBenchShopper(workers.baseUrl),
    ]);
    for (const { call } of [shopper, renderingShopper, ...(workersShopper ? [workersShopper] : [])]) {
      await call("POST", "/api/cart/3", { cantidad: 2 });
      await call("PUT", "/api/wishlist/1");
    }
    part.serving = await measurePageServing({
      paths: BENCH_PAGES,
      shopUrl: run.baseUrl,
      renderingShopUrl: rendering.baseUrl,
      shopperCookie: shopper.cookie,
      renderingShopperCookie: renderingShopper.cookie,
      ...(workers && workersShopper
        ? { workers: { shopUrl: workers.baseUrl, shopperCookie: workersShopper.cookie } }
        : {}),
    });
    part.unkept = await measureUnkeptPages(root).catch((error: unknown) => ({ error: errorMessage(error) }));
    const token = readFileSync(join(run.dataDir, "operator-token"), "utf8").trim();
    part.crawl = await crawlSite(run.baseUrl, token);
  } catch (error) {
    part.error = errorMessage(error);
    console.error(`Page measurement failed: ${part.error}`);
  } finally {
    await rendering?.stop();
    await workers?.stop();
  }
  printPages(part);
  return part;
}

async function jsPart(baseUrl: string): Promise<JsPart> {
  printSection("Measuring initial JS with playwright-core…");
  try {
    return { pages: await measureInitialJs(baseUrl, BENCH_PAGES) };
  } catch (error) {
    return { pages: [], error: errorMessage(error) };
  }
}

type Parts = {
  lighthouse: LighthousePart;
  js: JsPart;
  checks: readonly BudgetCheck[];
  api: ApiPart;
  pages: PagesPart;
  tls: TlsPart;
};

function writeResults(run: Run, { lighthouse, js, checks, api, pages, tls }: Parts): void {
  const rebuilt = statSync(manifestFile, { throwIfNoEntry: false })?.mtimeMs !== run.buildTime;
  if (rebuilt)
    console.warn("\nWARNING: dist/ was rebuilt during the benchmark, the figures may mix two builds.");
  const file = fileURLToPath(RESULTS_FILE);
  mkdirSync(dirname(file), { recursive: true });
  const results = {
    generatedAt: new Date().toISOString(),
    commit: gitCommit(),
    build: { manifestModified: new Date(run.buildTime).toISOString(), rebuiltDuringRun: rebuilt },
    database: run.database,
    node: process.version,
    host: { cpus: availableParallelism(), loadAverage1m: loadavg()[0] ?? null },
    budgets: BUDGETS,
    lighthouse: {
      version: lighthouse.pages[0]?.lighthouseVersion ?? null,
      profile: "mobile, simulated throttling (Lighthouse defaults)",
      runsPerPage: LIGHTHOUSE_RUNS,
      error: lighthouse.error ?? null,
      pages: lighthouse.pages,
      scriptFreeFloor: lighthouse.floor ?? null,
    },
    initialJs: { compression: "gzip level 9", error: js.error ?? null, pages: js.pages },
    budgetChecks: checks,
    pages,
    api,
    tlsProxy: tls,
  };
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  printSection(`Raw figures written to ${file}`);
}

/** Read-only: the commit the working tree is based on (uncommitted changes are not reflected). */
function gitCommit(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
  } catch {
    return null;
  }
}

process.exitCode = await main();
