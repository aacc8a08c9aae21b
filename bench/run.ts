import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type RunningShop, startShop } from "../e2e/support/start-shop.ts";
import { type BudgetCheck, jsCheck, lighthouseChecks } from "./budgets.ts";
import { type CartLoad, measureCartLoad } from "./cart-load.ts";
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
import { measureOrderLoad, type OrderLoad } from "./order-load.ts";
import {
  printApi,
  printBudgets,
  printFindings,
  printJs,
  printLighthouseTable,
  printSection,
} from "./report.ts";

/**
 * `npm run bench`: Lighthouse scores and initial JS of the built shop, compared with the budgets.
 * Budgets are informative: the command exits 0 whenever the measurements ran.
 */

const root = fileURLToPath(new URL("..", import.meta.url));
const manifestFile = join(root, "dist/client/.vite/manifest.json");

type LighthousePart = { pages: PageLighthouse[]; error?: string };
type JsPart = { pages: PageJs[]; error?: string };

/** `npm run bench -- --only=api` measures the API figures alone (no Lighthouse, no build check of JS). */
const onlyApi = process.argv.includes("--only=api");

async function main(): Promise<number> {
  if (!existsSync(manifestFile)) {
    console.error("No build found (dist/client/.vite/manifest.json is missing). Run `npm run build` first.");
    return 1;
  }
  // The shop reads dist/ at start-up: a rebuild during the run (shared tree) would mix two builds.
  const buildTime = statSync(manifestFile).mtimeMs;
  let shop: RunningShop;
  try {
    shop = await startShop(root);
  } catch (error) {
    console.error(`Could not start the shop: ${errorMessage(error)}`);
    return 1;
  }
  const stopOnSignal = (signal: NodeJS.Signals) => {
    void shop.stop().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  };
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
  try {
    if (onlyApi) {
      const api = await apiPart(shop.baseUrl);
      writeResults(
        { pages: [], error: "not run (--only=api)" },
        { pages: [], error: "not run (--only=api)" },
        [],
        {
          manifestModified: new Date(buildTime).toISOString(),
          rebuilt: false,
        },
        api,
      );
      return api.error ? 1 : 0;
    }
    return await benchmark(shop.baseUrl, buildTime);
  } finally {
    await shop.stop();
  }
}

async function benchmark(baseUrl: string, buildTime: number): Promise<number> {
  printSection(`Benchmarking ${baseUrl} (${BENCH_PAGES.join(", ")})`);
  warnIfBusy();
  const lighthouse = await lighthousePart(baseUrl);
  const js = await jsPart(baseUrl);

  if (lighthouse.pages.length > 0) {
    printLighthouseTable(lighthouse.pages, LIGHTHOUSE_RUNS);
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
  const api = await apiPart(baseUrl);
  const rebuilt = statSync(manifestFile, { throwIfNoEntry: false })?.mtimeMs !== buildTime;
  if (rebuilt)
    console.warn("\nWARNING: dist/ was rebuilt during the benchmark, the figures may mix two builds.");
  writeResults(lighthouse, js, checks, { manifestModified: new Date(buildTime).toISOString(), rebuilt }, api);
  return js.error ? 1 : 0;
}

/** Simulated throttling scales with the host CPU: a busy host lowers performance scores. */
function warnIfBusy(): void {
  const load = loadavg()[0] ?? 0;
  const cpus = availableParallelism();
  if (load > cpus) {
    console.warn(
      `  note: load average ${load.toFixed(1)} on ${cpus} CPUs, performance scores may be low and noisy`,
    );
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
  return failures.length > 0 ? { pages, error: `every run failed for ${failures.join(", ")}` } : { pages };
}

type ApiPart = { cart?: CartLoad; live?: LiveLatency; orders?: OrderLoad; error?: string };

/** Server figures: cart writes and orders under concurrent load, and live-update latency. */
async function apiPart(baseUrl: string): Promise<ApiPart> {
  printSection("API under load (autocannon and concurrent buyers)…");
  warnIfBusy();
  const part: ApiPart = {};
  try {
    part.cart = await measureCartLoad(baseUrl);
    part.live = await measureLiveLatency(baseUrl);
    part.orders = await measureOrderLoad(baseUrl);
  } catch (error) {
    part.error = errorMessage(error);
    console.error(`API measurement failed: ${part.error}`);
  }
  printApi(part);
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

function writeResults(
  lighthouse: LighthousePart,
  js: JsPart,
  checks: readonly BudgetCheck[],
  build: { manifestModified: string; rebuilt: boolean },
  api: ApiPart,
): void {
  const file = fileURLToPath(RESULTS_FILE);
  mkdirSync(dirname(file), { recursive: true });
  const results = {
    generatedAt: new Date().toISOString(),
    commit: gitCommit(),
    build: { manifestModified: build.manifestModified, rebuiltDuringRun: build.rebuilt },
    node: process.version,
    host: { cpus: availableParallelism(), loadAverage1m: loadavg()[0] ?? null },
    budgets: BUDGETS,
    lighthouse: {
      version: lighthouse.pages[0]?.lighthouseVersion ?? null,
      profile: "mobile, simulated throttling (Lighthouse defaults)",
      runsPerPage: LIGHTHOUSE_RUNS,
      error: lighthouse.error ?? null,
      pages: lighthouse.pages,
    },
    initialJs: { compression: "gzip level 9", error: js.error ?? null, pages: js.pages },
    budgetChecks: checks,
    api,
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
