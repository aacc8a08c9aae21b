import { execFile, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { type IncomingHttpHeaders, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { OperatorStats } from "#shared/api/operator-stats-contract.ts";
import { freePort } from "../e2e/support/start-shop.ts";

/** One load run of wrk: 50 connections, two threads, the same for every server it is pointed at. */
export type LoadFigures = {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Answers other than 2xx/3xx, and socket errors: a run with any is not a fair figure. */
  failed: number;
};

export type PageServing = {
  path: string;
  gzipBytes: number;
  nginx: LoadFigures;
  /** The shop with its page cache (decision 018), a visitor. */
  visitor: LoadFigures;
  /** The same build with PAGE_CACHE=off: every request rendered, as before decision 018. */
  visitorRendered: LoadFigures;
  /** The shop run as one worker process per core on PostgreSQL (decision 027). */
  workers?: { visitor: LoadFigures; signedIn: LoadFigures };
  /** A signed-in shopper's page: the kept page with their own parts spliced in (decision 020). */
  signedIn: LoadFigures;
  /** The same shopper's page from the PAGE_CACHE=off build: rendered per request, as before. */
  signedInRendered: LoadFigures;
};

export type CrawlFigures = {
  pagesVisited: number;
  cache: NonNullable<OperatorStats["pageCache"]> | null;
  rssBeforeBytes: number;
  rssBytes: number;
};

const execFileAsync = promisify(execFile);

const WRK_SECONDS = 6;
export const WRK_CONNECTIONS = 50;
const WARM_UP_SECONDS = 2;
const PAIRED_TURNS = 3;

export function medianRun(runs: readonly LoadFigures[]): LoadFigures {
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const median = sorted[Math.floor(sorted.length / 2)];
  if (!median) throw new Error("no run");
  return median;
}

/** wrk and nginx come from Debian, like Chromium for the tests: installed when missing. */
export function ensureLoadTools(): void {
  const missing = ["wrk", "nginx"].filter((tool) => !hasCommand(tool));
  if (missing.length === 0) return;
  console.log(`  installing ${missing.join(" and ")} from Debian (apt-get)…`);
  execFileSync("apt-get", ["install", "-y", "-qq", ...missing], { stdio: "inherit" });
}

function hasCommand(name: string): boolean {
  return ["/usr/sbin", "/usr/bin", "/sbin", "/bin"].some((dir) => existsSync(join(dir, name)));
}

/** The raw bytes of a page as the shop sends them to a client that takes gzip. */
export function rawPage(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * Waits until the shop sends a kept page in its strongest forms, Brotli and gzip 9, which follow
 * its first answer (decision 056): until then its gzip bytes are another compression of the same
 * page. Each request on a new connection, so that every worker of a shop run with WORKERS draws
 * and keeps it: ten Brotli answers in a row.
 */
export async function waitForStrongForms(url: string, headers: Record<string, string> = {}): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (let inRow = 0; inRow < 10; ) {
    const page = await rawPage(url, { ...headers, "accept-encoding": "br", connection: "close" });
    inRow = page.headers["content-encoding"] === "br" ? inRow + 1 : 0;
    if (Date.now() > deadline) throw new Error(`${url} was not kept in Brotli within 20 s`);
    if (inRow === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** nginx serving files from a directory, gzip_static on (the same pre-compressed bytes as the shop). */
export async function startNginx(files: Map<string, { gzip: Buffer; identity: Buffer }>) {
  const dir = mkdtempSync(join(tmpdir(), "bench-nginx-"));
  const root = join(dir, "root");
  mkdirSync(root);
  for (const [name, file] of files) {
    writeFileSync(join(root, name), file.identity);
    writeFileSync(join(root, `${name}.gz`), file.gzip);
  }
  const port = await freePort();
  const config = join(dir, "nginx.conf");
  writeFileSync(
    config,
    `worker_processes auto;
pid ${join(dir, "nginx.pid")};
error_log ${join(dir, "error.log")};
daemon off;
events { worker_connections 1024; }
http {
  access_log off;
  default_type "text/html; charset=utf-8";
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${dir};
  proxy_temp_path ${dir};
  fastcgi_temp_path ${dir};
  uwsgi_temp_path ${dir};
  scgi_temp_path ${dir};
  server {
    listen 127.0.0.1:${port};
    root ${root};
    gzip_static on;
    add_header Cache-Control no-cache;
  }
}
`,
  );
  const nginx = spawn("nginx", ["-c", config, "-e", join(dir, "error.log")], { stdio: "ignore" });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await rawPage(`${baseUrl}/`, {});
      break;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`nginx did not start: ${String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    baseUrl,
    stop: async () => {
      nginx.kill("SIGTERM");
      await new Promise((resolve) => nginx.once("exit", resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type WrkOptions = {
  /** The measured run's length (6 s by default) and the unmeasured one's before it (2 s). */
  seconds?: number;
  warmUpSeconds?: number;
  /** A Lua script of wrk's that makes the requests (e.g. a different shopper's on each). */
  script?: string;
  /** An answer slower than this counts as a timeout, not in the latencies (wrk's default: 2 s). */
  timeoutSeconds?: number;
};

/** wrk's threads: a script that splits work between them (tls-proxy-load.ts) counts on two. */
export const WRK_THREADS = 2;

/**
 * One load run of wrk, its figures read from its --latency report: 50 connections, two threads,
 * the same for every server it is pointed at, after a short run that is not counted (JIT,
 * connection pools and caches warm).
 */
export function runWrk(url: string, headers: Record<string, string>, options: WrkOptions = {}): LoadFigures {
  const { warmUp, measured } = wrkArgs(url, headers, options);
  execFileSync("wrk", warmUp);
  return wrkFigures(execFileSync("wrk", measured, { encoding: "utf8" }));
}

/**
 * One run of wrk, without the run before it that is not counted, leaving this process's event loop
 * free meanwhile (for work done during the run).
 */
export async function runWrkOnce(url: string, headers: Record<string, string>, options: WrkOptions = {}) {
  const { measured } = wrkArgs(url, headers, options);
  return wrkFigures((await execFileAsync("wrk", measured, { encoding: "utf8" })).stdout);
}

function wrkArgs(url: string, headers: Record<string, string>, options: WrkOptions) {
  const header = Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  const script = options.script ? ["-s", options.script] : [];
  const timeout = options.timeoutSeconds ? ["--timeout", `${options.timeoutSeconds}s`] : [];
  const base = [`-t${WRK_THREADS}`, `-c${WRK_CONNECTIONS}`, ...script, ...timeout, ...header];
  return {
    warmUp: [...base, `-d${options.warmUpSeconds ?? WARM_UP_SECONDS}s`, url],
    measured: [...base, `-d${options.seconds ?? WRK_SECONDS}s`, "--latency", url],
  };
}

function wrkFigures(output: string): LoadFigures {
  const number = (pattern: RegExp) => Number(output.match(pattern)?.[1] ?? Number.NaN);
  const socketErrors = output.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const failures =
    (number(/Non-2xx or 3xx responses: (\d+)/) || 0) +
    (socketErrors?.slice(1).reduce((sum, count) => sum + Number(count), 0) ?? 0);
  return {
    requestsPerSecond: number(/Requests\/sec:\s+([\d.]+)/),
    latencyP50Ms: toMs(output.match(/^\s+50%\s+([\d.]+\w+)/m)?.[1]),
    latencyP99Ms: toMs(output.match(/^\s+99%\s+([\d.]+\w+)/m)?.[1]),
    failed: failures,
  };
}

function toMs(value: string | undefined): number {
  const match = value?.match(/^([\d.]+)(us|ms|s)$/);
  if (!match) return Number.NaN;
  const amount = Number(match[1]);
  return match[2] === "us" ? amount / 1000 : match[2] === "s" ? amount * 1000 : amount;
}

export type PageServingSetup = {
  paths: readonly string[];
  /** The shop with its page cache. */
  shopUrl: string;
  /** The same build with PAGE_CACHE=off. */
  renderingShopUrl: string;
  /** A signed-in shopper's cookie on the shop. */
  shopperCookie: string;
  /** A shopper with the same cart and wish list on the PAGE_CACHE=off build. */
  renderingShopperCookie: string;
  /** The shop run as WORKERS=auto on PostgreSQL (when PostgreSQL is there), and a shopper's cookie on it. */
  workers?: { shopUrl: string; shopperCookie: string };
};

/**
 * Each page served to 50 connections by nginx (the page's own gzip bytes from files), by the shop
 * to a visitor, by the shop rendering every request, and to a signed-in shopper. One after the
 * other on the same machine: the ratios are the figures, the absolute numbers vary by machine.
 */
export async function measurePageServing(setup: PageServingSetup): Promise<PageServing[]> {
  const gzipOnly = { "accept-encoding": "gzip" };
  const files = new Map<string, { gzip: Buffer; identity: Buffer }>();
  const names = new Map<string, string>();
  for (const [index, path] of setup.paths.entries()) {
    await waitForStrongForms(`${setup.shopUrl}${path}`);
    const gzip = await rawPage(`${setup.shopUrl}${path}`, gzipOnly);
    const identity = await rawPage(`${setup.shopUrl}${path}`, {});
    if (gzip.status !== 200) throw new Error(`${path} answered ${gzip.status}`);
    const name = `page-${index}.html`;
    files.set(name, { gzip: gzip.body, identity: identity.body });
    names.set(path, name);
  }
  const nginx = await startNginx(files);
  try {
    return setup.paths.map((path) => {
      // nginx and the kept page in turns, three times each: a two-core machine's noise (±15%)
      // is larger than the difference being measured; the median run of each is reported.
      const nginxRuns: LoadFigures[] = [];
      const visitorRuns: LoadFigures[] = [];
      const signedInRuns: LoadFigures[] = [];
      const workersRuns: LoadFigures[] = [];
      const workersSignedInRuns: LoadFigures[] = [];
      for (let turn = 0; turn < PAIRED_TURNS; turn += 1) {
        nginxRuns.push(runWrk(`${nginx.baseUrl}/${names.get(path)}`, gzipOnly));
        visitorRuns.push(runWrk(`${setup.shopUrl}${path}`, gzipOnly));
        if (setup.workers) {
          const { shopUrl, shopperCookie } = setup.workers;
          workersRuns.push(runWrk(`${shopUrl}${path}`, gzipOnly));
          workersSignedInRuns.push(runWrk(`${shopUrl}${path}`, { ...gzipOnly, cookie: shopperCookie }));
        }
        signedInRuns.push(runWrk(`${setup.shopUrl}${path}`, { ...gzipOnly, cookie: setup.shopperCookie }));
      }
      const rendered = { ...gzipOnly, cookie: setup.renderingShopperCookie };
      return {
        path,
        gzipBytes: files.get(names.get(path) ?? "")?.gzip.length ?? 0,
        nginx: medianRun(nginxRuns),
        visitor: medianRun(visitorRuns),
        visitorRendered: runWrk(`${setup.renderingShopUrl}${path}`, gzipOnly),
        ...(setup.workers
          ? { workers: { visitor: medianRun(workersRuns), signedIn: medianRun(workersSignedInRuns) } }
          : {}),
        signedIn: medianRun(signedInRuns),
        signedInRendered: runWrk(`${setup.renderingShopUrl}${path}`, rendered),
      };
    });
  } finally {
    await nginx.stop();
  }
}

/**
 * Every page of the sitemap in Spanish and Portuguese, as a visitor: afterwards the page cache
 * holds the whole catalogue, and its size and the process's memory are read back.
 */
export async function crawlSite(shopUrl: string, operatorToken: string): Promise<CrawlFigures> {
  const stats = async () =>
    (await (
      await fetch(`${shopUrl}/api/operator/stats`, { headers: { authorization: `Bearer ${operatorToken}` } })
    ).json()) as OperatorStats;
  const before = await stats();
  const sitemap = await (await fetch(`${shopUrl}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1] ?? "/").pathname,
  );
  const unique = [...new Set(paths)];
  for (const lang of ["es", "pt"]) {
    for (const path of unique) {
      await rawPage(`${shopUrl}${path}`, { cookie: `lang=${lang}`, "accept-encoding": "br" });
    }
  }
  const after = await stats();
  return {
    pagesVisited: unique.length * 2,
    cache: after.pageCache,
    rssBeforeBytes: before.memory.rssBytes,
    rssBytes: after.memory.rssBytes,
  };
}
