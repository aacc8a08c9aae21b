/** What the benchmark measures, and against which budgets (see BENCHMARKS.md). */

export const BENCH_PAGES = ["/", "/categoria/Juguete", "/detalle/1"] as const;

/** Lighthouse scores vary from run to run: each page runs this often and the median run is reported. */
export const LIGHTHOUSE_RUNS = 3;

export { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../e2e/support/chromium.ts";

export const BUDGETS = {
  /** Lighthouse scores, 0–100: at least (issue 13: performance 100). */
  performance: 100,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  /** Largest Contentful Paint and Total Blocking Time, ms: at most (issue 13). */
  lcpMs: 1200,
  tbtMs: 50,
  /** Cumulative Layout Shift: at most. */
  cls: 0,
  /** JavaScript loaded until network idle, gzip level 9 bytes: at most (100 KB, issue 13). */
  initialJsGzipBytes: 100 * 1024,
} as const;

export const RESULTS_FILE = new URL("./results/latest.json", import.meta.url);
