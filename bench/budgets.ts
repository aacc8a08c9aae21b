import { BUDGETS } from "./config.ts";
import type { PageJs } from "./initial-js.ts";
import type { PageLighthouse } from "./lighthouse.ts";

export type BudgetCheck = {
  path: string;
  metric: string;
  value: number;
  budget: number;
  /** "min": the value must be at least the budget; "max": at most. */
  kind: "min" | "max";
  /** value ÷ budget. */
  ratio: number;
  withinBudget: boolean;
  /** e.g. "initial JS 118.2 KB gzip = 0.98× budget (≤ 120.0 KB)". */
  text: string;
};

export function lighthouseChecks(page: PageLighthouse): BudgetCheck[] {
  // Each figure's own median over the runs, as issue 13 states its goal.
  const median = page.medians;
  const scores: [string, number | null, number][] = [
    ["performance", median.performance, BUDGETS.performance],
    ["accessibility", median.accessibility, BUDGETS.accessibility],
    ["best practices", median.bestPractices, BUDGETS.bestPractices],
    ["SEO", median.seo, BUDGETS.seo],
  ];
  const checks: BudgetCheck[] = [];
  for (const [metric, value, budget] of scores) {
    if (value !== null) checks.push(check(page.path, metric, value, budget, "min", String));
  }
  if (median.lcpMs !== null) checks.push(check(page.path, "LCP", median.lcpMs, BUDGETS.lcpMs, "max", ms));
  if (median.tbtMs !== null) checks.push(check(page.path, "TBT", median.tbtMs, BUDGETS.tbtMs, "max", ms));
  if (median.cls !== null) {
    checks.push(check(page.path, "CLS", median.cls, BUDGETS.cls, "max", (value) => value.toFixed(3)));
  }
  return checks;
}

export function jsCheck(page: PageJs): BudgetCheck {
  return check(page.path, "initial JS", page.totalGzipBytes, BUDGETS.initialJsGzipBytes, "max", formatKb);
}

const ms = (value: number) => `${Math.round(value)} ms`;

export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB gzip`;
}

function check(
  path: string,
  metric: string,
  value: number,
  budget: number,
  kind: "min" | "max",
  format: (value: number) => string,
): BudgetCheck {
  // A budget of zero (CLS): met exactly, or missed by any amount.
  const ratio = budget === 0 ? (value === 0 ? 1 : Number.POSITIVE_INFINITY) : value / budget;
  const withinBudget = kind === "min" ? value >= budget : value <= budget;
  const bound = `${kind === "min" ? "≥" : "≤"} ${format(budget)}`;
  const verdict = withinBudget ? "ok" : kind === "min" ? "BELOW BUDGET" : "OVER BUDGET";
  const text = `${metric} ${format(value)} = ${ratio.toFixed(2)}× budget (${bound}) ${verdict}`;
  return { path, metric, value, budget, kind, ratio, withinBudget, text };
}
