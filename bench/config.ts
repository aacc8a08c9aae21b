/** What the benchmark measures, and against which budgets (see BENCHMARKS.md). */

export const BENCH_PAGES = ["/", "/categoria/Juguete", "/detalle/1"] as const;

/** Lighthouse scores vary from run to run: each page runs this often and the median run is reported. */
export const LIGHTHOUSE_RUNS = 3;

export { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../e2e/support/chromium.ts";

export const BUDGETS = {
  /** Lighthouse scores, 0–100: at least. */
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  /** Cumulative Layout Shift: at most. */
  cls: 0.02,
  /** JavaScript loaded until network idle, gzip level 9 bytes: at most (120 KB). */
  initialJsGzipBytes: 120 * 1024,
} as const;

export const RESULTS_FILE = new URL("./results/latest.json", import.meta.url);
