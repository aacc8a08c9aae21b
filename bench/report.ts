import { type BudgetCheck, formatKb } from "./budgets.ts";
import type { PageJs } from "./initial-js.ts";
import { type AuditFinding, medianOf, type PageLighthouse } from "./lighthouse.ts";
import type { CrawlFigures, LoadFigures, PageServing } from "./page-load.ts";
import type { UnkeptPages } from "./unkept-pages.ts";

const print = (line = "") => process.stdout.write(`${line}\n`);

export function printLighthouseTable(pages: readonly PageLighthouse[], runs: number): void {
  print();
  print(`Lighthouse (mobile, simulated throttling), each figure its median over ${runs} runs`);
  const header = [
    "page",
    "perf",
    "a11y",
    "best pr.",
    "SEO",
    "LCP ms",
    "CLS",
    "TBT ms",
    "perf runs",
    "CPU index",
  ];
  const rows = pages.map((page) => [
    page.path,
    score(page.medians.performance),
    score(page.medians.accessibility),
    score(page.medians.bestPractices),
    score(page.medians.seo),
    fixed(page.medians.lcpMs, 0),
    fixed(page.medians.cls, 3),
    fixed(page.medians.tbtMs, 0),
    page.runs.map((run) => score(run.performance)).join(", "),
    fixed(page.medians.benchmarkIndex, 0),
  ]);
  printTable(header, rows);
}

/**
 * Each page beside itself with every script taken out (issue 13): median LCP and TBT over the
 * runs, and the page's LCP as a multiple of the floor's.
 */
export function printFloorRatios(pages: readonly PageLighthouse[], floor: readonly PageLighthouse[]): void {
  print();
  print("First paint against the floor (the same page without scripts), medians over the runs");
  const header = ["page", "LCP ms", "floor LCP ms", "LCP / floor", "TBT ms", "floor TBT ms"];
  const rows = pages.map((page) => {
    const bare = floor.find((candidate) => candidate.path === page.path);
    const lcp = medianOf(page.runs.map((run) => run.lcpMs));
    const floorLcp = bare ? medianOf(bare.runs.map((run) => run.lcpMs)) : null;
    const ratio = lcp !== null && floorLcp ? `${(lcp / floorLcp).toFixed(2)}×` : "—";
    return [
      page.path,
      fixed(lcp, 0),
      fixed(floorLcp, 0),
      ratio,
      fixed(medianOf(page.runs.map((run) => run.tbtMs)), 0),
      fixed(bare ? medianOf(bare.runs.map((run) => run.tbtMs)) : null, 0),
    ];
  });
  printTable(header, rows);
}

export function printFindings(pages: readonly PageLighthouse[]): void {
  print();
  print("Audits that cost points (median run; categories below 100):");
  for (const page of pages) {
    print(`  ${page.path}`);
    if (page.findings.length === 0) print("    none");
    for (const finding of page.findings) {
      print(`    ${describeFinding(finding)}`);
      for (const element of finding.elements ?? []) print(`        ${oneLine(element)}`);
    }
    for (const error of page.errors) print(`    (failed ${error})`);
  }
}

export function printJs(pages: readonly PageJs[]): void {
  print();
  print("Initial JS (every script fetched until network idle, gzip -9):");
  for (const page of pages) {
    print(
      `  ${page.path}: ${formatKb(page.totalGzipBytes)} (${page.files.length} files, ${kb(page.totalRawBytes)} raw)`,
    );
  }
  for (const page of pages) {
    print();
    print(`  Files for ${page.path}:`);
    printTable(
      ["gzip", "raw", "file"],
      page.files.map((file) => [kb(file.gzipBytes), kb(file.rawBytes), file.url]),
      "    ",
    );
  }
}

export function printBudgets(checks: readonly BudgetCheck[]): void {
  print();
  print("Budgets (informative, never failing):");
  let path = "";
  for (const check of checks) {
    if (check.path !== path) {
      path = check.path;
      print(`  ${path}`);
    }
    print(`    ${check.text}`);
  }
}

export function printSection(title: string): void {
  print();
  print(title);
}

function describeFinding(finding: AuditFinding): string {
  const value = finding.displayValue ? ` — ${finding.displayValue}` : "";
  const cost = finding.weight > 0 ? `weight ${finding.weight}` : "diagnostic, no weight";
  return `[${finding.category}] ${finding.id}: ${finding.title}${value} (score ${finding.score.toFixed(2)}, ${cost})`;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > 160 ? `${flat.slice(0, 157)}…` : flat;
}

function printTable(header: readonly string[], rows: readonly (readonly string[])[], indent = ""): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: readonly string[]) =>
    indent +
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join("  ");
  print(line(header));
  print(line(widths.map((width) => "-".repeat(width))));
  for (const row of rows) print(line(row));
}

function score(value: number | null): string {
  return value === null ? "–" : String(value);
}

function fixed(value: number | null, digits: number): string {
  return value === null ? "–" : value.toFixed(digits);
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

type ApiFigures = {
  cart?: ReadonlyArray<{
    shape: "shoppers" | "one-line";
    connections: number;
    requestsPerSecond: number;
    latencyP50Ms: number;
    latencyP99Ms: number;
    non2xx: number;
  }>;
  live?: { changes: number; medianMs: number; p95Ms: number };
  orders?: {
    buyers: number;
    orders: number;
    ordersPerSecond: number;
    latencyP50Ms: number;
    latencyP99Ms: number;
    paidP50Ms: number;
    paidP99Ms: number;
    refused: number;
  };
};

export function printApi({ cart, live, orders }: ApiFigures): void {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  for (const load of cart ?? []) {
    const who = load.shape === "shoppers" ? "a shopper each" : "one shopper's one line";
    console.log(
      `  cart writes, ${load.connections} connections, ${who}: ${load.requestsPerSecond.toFixed(0)} req/s, ` +
        `p50 ${ms(load.latencyP50Ms)}, p99 ${ms(load.latencyP99Ms)}, non-2xx ${load.non2xx}`,
    );
  }
  if (live) {
    console.log(
      `  live update to a second session (${live.changes} changes): median ${ms(live.medianMs)}, p95 ${ms(live.p95Ms)}`,
    );
  }
  if (orders) {
    console.log(
      `  orders, ${orders.buyers} concurrent buyers: ${orders.ordersPerSecond.toFixed(1)} orders/s placed and paid ` +
        `(${orders.orders}); placing p50 ${ms(orders.latencyP50Ms)}, p99 ${ms(orders.latencyP99Ms)}; ` +
        `placed through paid p50 ${ms(orders.paidP50Ms)}, p99 ${ms(orders.paidP99Ms)}; refused ${orders.refused}`,
    );
  }
}

type PagesFigures = {
  serving?: readonly PageServing[];
  unkept?: UnkeptPages | { error: string };
  crawl?: CrawlFigures;
  error?: string;
};

/** Requests per second and p99 of each way a page is served, and the ratio to nginx. */
export function printPages({ serving, unkept, crawl }: PagesFigures): void {
  if (serving && serving.length > 0) {
    print();
    print("Pages served to 50 connections (wrk, gzip), ratio = requests per second / nginx's:");
    const cell = (figures: LoadFigures, nginx: LoadFigures) =>
      `${figures.requestsPerSecond.toFixed(0)} req/s, p99 ${figures.latencyP99Ms.toFixed(1)} ms, ` +
      `${(figures.requestsPerSecond / nginx.requestsPerSecond).toFixed(2)}×` +
      (figures.failed > 0 ? `, ${figures.failed} failed` : "");
    printTable(
      [
        "page",
        "gzip",
        "nginx (same bytes)",
        "visitor (cached)",
        "visitor, rendered each time",
        "visitor, one worker per core",
        "signed in, one worker per core",
        "signed in (spliced)",
        "signed in, rendered each time",
      ],
      serving.map((page) => [
        page.path,
        kb(page.gzipBytes),
        `${page.nginx.requestsPerSecond.toFixed(0)} req/s, p99 ${page.nginx.latencyP99Ms.toFixed(1)} ms`,
        cell(page.visitor, page.nginx),
        cell(page.visitorRendered, page.nginx),
        page.workers ? cell(page.workers.visitor, page.nginx) : "not run (no PostgreSQL)",
        page.workers ? cell(page.workers.signedIn, page.nginx) : "not run (no PostgreSQL)",
        cell(page.signedIn, page.nginx),
        cell(page.signedInRendered, page.nginx),
      ]),
      "  ",
    );
  }
  if (unkept)
    printUnkept(
      unkept,
      serving?.find((page) => page.path.startsWith("/detalle/")),
    );
  if (crawl) {
    const cache = crawl.cache;
    print(
      `  after a crawl of ${crawl.pagesVisited} pages (sitemap, ES and PT): ` +
        (cache
          ? `page cache ${cache.pages} pages, ${kb(cache.bytes)} of ${kb(cache.maxBytes)}, `
          : "no page cache, ") +
        `RSS ${mb(crawl.rssBytes)} (${mb(crawl.rssBeforeBytes)} before it)`,
    );
  }
}

/** Product pages not yet kept (each request a miss), beside a kept product page of the same run. */
function printUnkept(unkept: UnkeptPages | { error: string }, kept: PageServing | undefined): void {
  if ("error" in unkept) {
    print(`  product pages not yet kept: not measured (${unkept.error})`);
    return;
  }
  const { figures, cache } = unkept;
  const keptFigures = kept
    ? `; kept ${kept.path} beside it: ${kept.visitor.requestsPerSecond.toFixed(0)} req/s, p99 ${kept.visitor.latencyP99Ms.toFixed(1)} ms`
    : "";
  print(
    `  product pages not yet kept (${unkept.pages} pages × ES, PT; one process, PostgreSQL; ` +
      `${(unkept.drawnShare * 100).toFixed(1)} % of requests drawn, every page dropped each ${unkept.dropEveryMs} ms): ` +
      `${figures.requestsPerSecond.toFixed(0)} req/s, p50 ${figures.latencyP50Ms.toFixed(1)} ms, ` +
      `p99 ${figures.latencyP99Ms.toFixed(1)} ms` +
      (figures.failed > 0 ? `, ${figures.failed} failed` : "") +
      keptFigures,
  );
  if (cache) {
    // A build before decision 056 compressed every page on its request's path, and did not count it.
    const made =
      cache.compressed === undefined ? "" : `, ${cache.compressed} given Brotli and gzip 9 in the background`;
    const load = unkept.loadAverage1mAtStart?.toFixed(1) ?? "?";
    print(`    ${cache.renders} pages drawn${made}; load average ${load} at the start`);
  }
  printRenderAlone(unkept.renderAlone);
}

/** The floor under a miss: the renderer alone, and the most pages a second that leaves one process. */
function printRenderAlone(alone: UnkeptPages["renderAlone"] | undefined): void {
  if (!alone) return;
  if ("error" in alone) {
    print(`    the renderer alone: not measured (${alone.error})`);
    return;
  }
  print(
    `    the renderer alone (${alone.pages} of those pages, ${alone.draws} draws, API answers from memory, ` +
      `no database, HTTP or compression): ${alone.cpuMsPerPage.toFixed(2)} ms of CPU a page ` +
      `(${alone.wallMsPerPage.toFixed(2)} ms wall, ${(alone.bytesPerPage / 1024).toFixed(1)} KB), ` +
      `so at most ${(1000 / alone.cpuMsPerPage).toFixed(0)} pages a second per process`,
  );
}

type TlsProxyFigures = {
  page: string;
  gzipBytes: number;
  servers: number;
  workersPerServer: string;
  connections: number;
  seconds: number;
  turns: number;
  pages: {
    nginx: LoadFigures;
    proxied: LoadFigures;
    direct: LoadFigures;
    turns: Record<string, LoadFigures[]>;
  };
  cart: { shoppers: number; proxied: LoadFigures; direct: LoadFigures; turns: Record<string, LoadFigures[]> };
};

/** The recipe under load: each figure beside the reference it is a ratio of (`--only=tls`). */
export function printTlsProxyLoad(load: TlsProxyFigures): void {
  const { pages, cart } = load;
  print();
  print(
    `Through nginx (TLS; wrk speaks HTTP/1.1), ${load.servers} shop servers with WORKERS=${load.workersPerServer} ` +
      `on one PostgreSQL, ${load.connections} connections, ${load.seconds} s runs, median of ${load.turns} turns:`,
  );
  const spread = (runs: readonly LoadFigures[] = []) =>
    runs.map((run) => run.requestsPerSecond.toFixed(0)).join(" / ");
  const row = (
    what: string,
    figures: LoadFigures,
    turns: LoadFigures[] | undefined,
    reference?: LoadFigures,
  ) => [
    what,
    `${figures.requestsPerSecond.toFixed(0)} req/s`,
    spread(turns),
    `${figures.latencyP50Ms.toFixed(1)} ms`,
    `${figures.latencyP99Ms.toFixed(1)} ms`,
    String(figures.failed),
    reference ? `${(figures.requestsPerSecond / reference.requestsPerSecond).toFixed(2)}×` : "reference",
  ];
  printTable(
    ["what", "median", "each turn (req/s)", "p50", "p99", "failed", "ratio"],
    [
      row(
        `${load.page} (${kb(load.gzipBytes)} gzip), nginx's own file, same TLS`,
        pages.nginx,
        pages.turns.nginx,
      ),
      row(`${load.page}, the shops through nginx`, pages.proxied, pages.turns.proxied, pages.nginx),
      row(`${load.page}, one shop straight (http)`, pages.direct, pages.turns.direct, pages.nginx),
      row(`cart writes, ${cart.shoppers} shoppers, one shop straight (http)`, cart.direct, cart.turns.direct),
      row(
        `cart writes, ${cart.shoppers} shoppers, the shops through nginx`,
        cart.proxied,
        cart.turns.proxied,
        cart.direct,
      ),
    ],
    "  ",
  );
}
