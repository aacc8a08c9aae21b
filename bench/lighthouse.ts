import type * as ChromeLauncher from "chrome-launcher";
import type lighthouse from "lighthouse";
import type { RunnerResult } from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./config.ts";

type Lhr = RunnerResult["lhr"];

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type CategoryId = (typeof CATEGORIES)[number];

export type LighthouseTools = {
  lighthouse: typeof lighthouse;
  launch: typeof ChromeLauncher.launch;
};

/** Scores 0–100 (null when Lighthouse could not compute them), metrics in ms. */
export type RunSummary = {
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs: number | null;
  cls: number | null;
  tbtMs: number | null;
  fcpMs: number | null;
  speedIndexMs: number | null;
  /** Lighthouse's host CPU benchmark: a loaded or slow host inflates TBT and lowers performance. */
  benchmarkIndex: number | null;
};

export type AuditFinding = {
  category: CategoryId;
  id: string;
  title: string;
  /** 0–1 as Lighthouse reports it. */
  score: number;
  /** The audit's weight in its category; 0 means it is a hint that costs no points directly. */
  weight: number;
  displayValue?: string;
  /** A few of the failing elements (HTML snippet or selector), when the audit names them. */
  elements?: string[];
};

export type PageLighthouse = {
  path: string;
  lighthouseVersion: string;
  /** The median run by performance score: its findings are the ones reported. */
  median: RunSummary;
  /** Each figure's own median over the runs (issue 13's "median of 3 runs"): what budgets judge. */
  medians: RunSummary;
  /** Every successful run, in run order. */
  runs: RunSummary[];
  /** Audits of the median run that cost points, plus failing performance diagnostics (weight 0). */
  findings: AuditFinding[];
  errors: string[];
};

/** Imported lazily so that a broken Lighthouse install only skips the Lighthouse part. */
export async function loadLighthouseTools(): Promise<LighthouseTools> {
  const [{ default: lighthouse }, { launch }] = await Promise.all([
    import("lighthouse"),
    import("chrome-launcher"),
  ]);
  return { lighthouse, launch };
}

/** One Lighthouse run (default mobile profile, simulated throttling) in a fresh Chromium. */
export async function runLighthouse(tools: LighthouseTools, url: string): Promise<Lhr> {
  const chrome = await tools.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: "silent",
  });
  try {
    const result = await tools.lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error("Lighthouse returned no result");
    const { runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`${runtimeError.code}: ${runtimeError.message}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/** Runs a page `runs` times and keeps the median run by performance score. */
export async function benchmarkPage(
  tools: LighthouseTools,
  baseUrl: string,
  path: string,
  runs: number,
): Promise<PageLighthouse | undefined> {
  const results: Lhr[] = [];
  const errors: string[] = [];
  for (let run = 1; run <= runs; run++) {
    // A run that fails (e.g. NO_NAVSTART on a busy host) is retried once.
    for (let attempt = 1; attempt <= 2; attempt++) {
      process.stdout.write(`  lighthouse ${path} run ${run}/${runs}${attempt > 1 ? " (retry)" : ""}…\n`);
      try {
        results.push(await runLighthouse(tools, baseUrl + path));
        break;
      } catch (error) {
        errors.push(`run ${run} attempt ${attempt}: ${errorMessage(error)}`);
        process.stdout.write(`    failed: ${errorMessage(error)}\n`);
      }
    }
  }
  const median = medianByPerformance(results);
  if (!median) return undefined;
  return {
    path,
    lighthouseVersion: median.lighthouseVersion,
    median: summarize(median),
    medians: metricMedians(results.map(summarize)),
    runs: results.map(summarize),
    findings: findings(median),
    errors,
  };
}

export function medianByPerformance(results: readonly Lhr[]): Lhr | undefined {
  const sorted = [...results].sort(
    (a, b) => (a.categories.performance?.score ?? -1) - (b.categories.performance?.score ?? -1),
  );
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** The median of the known values (the mean of the middle two for an even count). */
export function medianOf(values: readonly (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 === 1
    ? (known[middle] ?? null)
    : ((known[middle - 1] ?? 0) + (known[middle] ?? 0)) / 2;
}

/** Each figure's median over the runs, taken on its own. */
export function metricMedians(runs: readonly RunSummary[]): RunSummary {
  const of = (key: keyof RunSummary) => medianOf(runs.map((run) => run[key]));
  return {
    performance: of("performance"),
    accessibility: of("accessibility"),
    bestPractices: of("bestPractices"),
    seo: of("seo"),
    lcpMs: of("lcpMs"),
    cls: of("cls"),
    tbtMs: of("tbtMs"),
    fcpMs: of("fcpMs"),
    speedIndexMs: of("speedIndexMs"),
    benchmarkIndex: of("benchmarkIndex"),
  };
}

export function summarize(lhr: Lhr): RunSummary {
  return {
    performance: categoryScore(lhr, "performance"),
    accessibility: categoryScore(lhr, "accessibility"),
    bestPractices: categoryScore(lhr, "best-practices"),
    seo: categoryScore(lhr, "seo"),
    lcpMs: numericValue(lhr, "largest-contentful-paint"),
    cls: numericValue(lhr, "cumulative-layout-shift"),
    tbtMs: numericValue(lhr, "total-blocking-time"),
    fcpMs: numericValue(lhr, "first-contentful-paint"),
    speedIndexMs: numericValue(lhr, "speed-index"),
    benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
  };
}

/** For every category below 100: the weighted audits that are not perfect (and failing perf diagnostics). */
export function findings(lhr: Lhr): AuditFinding[] {
  const found: AuditFinding[] = [];
  for (const category of CATEGORIES) {
    const score = categoryScore(lhr, category);
    if (score === null || score >= 100) continue;
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const finding = auditFinding(lhr, category, ref.id, ref.weight, ref.group);
      if (finding) found.push(finding);
    }
  }
  return found;
}

const UNSCORED_MODES = new Set(["notApplicable", "informative", "manual", "error"]);

function auditFinding(
  lhr: Lhr,
  category: CategoryId,
  id: string,
  weight: number,
  group: string | undefined,
): AuditFinding | undefined {
  const audit = lhr.audits[id];
  if (!audit || audit.score === null || UNSCORED_MODES.has(audit.scoreDisplayMode)) return undefined;
  const costsPoints = weight > 0 && audit.score < 1;
  const failingDiagnostic = weight === 0 && group === "diagnostics" && audit.score < 0.9;
  if (!costsPoints && !failingDiagnostic) return undefined;
  const elements = failingElements(audit.details);
  return {
    category,
    id,
    title: audit.title,
    score: audit.score,
    weight,
    ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
    ...(elements.length > 0 ? { elements } : {}),
  };
}

const MAX_ELEMENTS = 3;

function failingElements(details: unknown): string[] {
  if (!isRecord(details) || !Array.isArray(details.items)) return [];
  const elements: string[] = [];
  for (const item of details.items) {
    const label = isRecord(item) ? itemLabel(item) : undefined;
    if (label) elements.push(label);
  }
  return elements.slice(0, MAX_ELEMENTS);
}

/** The element's HTML snippet or selector; else the message (console errors) or the resource URL. */
function itemLabel(item: Record<string, unknown>): string | undefined {
  const { node } = item;
  if (isRecord(node) && node.type === "node") {
    const label = node.snippet ?? node.selector;
    if (typeof label === "string") return label;
  }
  const sourceUrl = isRecord(item.sourceLocation) ? item.sourceLocation.url : undefined;
  if (typeof item.description === "string") {
    return typeof sourceUrl === "string" ? `${item.description} (${sourceUrl})` : item.description;
  }
  return typeof item.url === "string" ? item.url : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function categoryScore(lhr: Lhr, id: CategoryId): number | null {
  const score = lhr.categories[id]?.score;
  return typeof score === "number" ? Math.round(score * 100) : null;
}

function numericValue(lhr: Lhr, auditId: string): number | null {
  const value = lhr.audits[auditId]?.numericValue;
  return typeof value === "number" ? value : null;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
