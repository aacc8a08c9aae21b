import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { request } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createScratchDatabase } from "./scratch-database.ts";
import { freePort, type RunningShop, startShop } from "./start-shop.ts";

/**
 * Issue 31's recipe run for real: deploy/nginx/shop.conf (its ports and certificate replaced) with
 * a self-signed certificate, TLS and HTTP/2, in front of separate shop servers sharing one scratch
 * PostgreSQL database. e2e/tls-proxy.e2e.test.ts walks a shopper through it; bench/tls-proxy-load.ts
 * measures it.
 */

export type Certificate = { cert: string; key: string };

export type ShopsBehindTls = {
  /** https://localhost:PORT, the shops' PUBLIC_URL. */
  origin: string;
  /** nginx's directory: its configuration, logs (access.log when asked for) and the certificate. */
  dir: string;
  certificate: Certificate;
  shops: RunningShop[];
  /** The scratch database the shops share (for work done beside them, e.g. inviting staff). */
  databaseUrl: string;
  /** Stops nginx and the shops, drops the database and removes the directory. Safe to call twice. */
  stop(): Promise<void>;
};

export type ShopsBehindTlsOptions = {
  /** How many shop servers, each its own process (two by default). */
  servers?: number;
  /** Each server's WORKERS. */
  workers: string;
  /** More environment for every server (e.g. an OPERATOR_TOKEN to use through the proxy). */
  env?: Record<string, string>;
  /** nginx's worker_processes (1 by default). */
  nginxWorkers?: string;
  /** Log each request with the upstream that answered it to `${dir}/access.log`; off by default. */
  accessLog?: boolean;
  /**
   * More `server { }` blocks for nginx's `http { }`, made once the shops answer and before nginx
   * starts (the benchmark's static twin of a page, over the same TLS).
   */
  moreServers?: (context: { shops: RunningShop[]; tls: readonly string[] }) => Promise<string>;
  databasePrefix?: string;
};

type Cleanup = () => unknown;

/** The shops on one scratch database and nginx in front, ready to answer through https. */
export async function startShopsBehindTls(
  cwd: string,
  options: ShopsBehindTlsOptions,
): Promise<ShopsBehindTls> {
  const dir = mkdtempSync(join(tmpdir(), "shop-tls-"));
  const cleanups: Cleanup[] = [() => rmSync(dir, { recursive: true, force: true })];
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= runCleanups(cleanups);
    return stopped;
  };
  try {
    const certificate = makeCertificate(dir);
    const [httpsPort, httpPort] = [await freePort(), await freePort()];
    const origin = `https://localhost:${httpsPort}`;
    const { shops, databaseUrl } = await startShops(cwd, origin, options, cleanups);
    const upstreamPorts = shops.map((shop) => Number(new URL(shop.baseUrl).port));
    const recipe = renderedConf(dir, httpsPort, httpPort, upstreamPorts);
    const more = (await options.moreServers?.({ shops, tls: tlsDirectives(recipe) })) ?? "";
    writeFileSync(join(dir, "shop.conf"), `${recipe}\n${more}`);
    const nginx = startNginx(dir, options);
    cleanups.push(() => stopNginx(nginx));
    await untilReady(`${origin}/api/health/ready`, nginx);
    return { origin, dir, certificate, shops, databaseUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Last in, first out: nginx before the shops, the shops before their database. */
async function runCleanups(cleanups: Cleanup[]): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await Promise.resolve()
      .then(cleanup)
      .catch((error: unknown) => console.error(`cleanup failed: ${String(error)}`));
  }
}

function makeCertificate(dir: string): Certificate {
  const certificate = { cert: join(dir, "cert.pem"), key: join(dir, "key.pem") };
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost"],
      ...["-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
      ...["-keyout", certificate.key, "-out", certificate.cert],
    ],
    { stdio: "ignore" },
  );
  return certificate;
}

async function startShops(
  cwd: string,
  origin: string,
  options: ShopsBehindTlsOptions,
  cleanups: Cleanup[],
): Promise<{ shops: RunningShop[]; databaseUrl: string }> {
  const database = await createScratchDatabase(options.databasePrefix ?? "shop_tls");
  cleanups.push(() => database.drop());
  const env = {
    // One secret for all: a session made by one server is valid on the others.
    BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
    PUBLIC_URL: origin,
    // nginx, as the recipe asks: the shops believe its X-Forwarded-* headers and no one else's.
    TRUSTED_PROXIES: "127.0.0.1",
    ...options.env,
    WORKERS: options.workers,
  };
  // Started together: the migrations run once, under their lock (decision 049).
  const started = await Promise.allSettled(
    Array.from({ length: options.servers ?? 2 }, () => startShop(cwd, { databaseUrl: database.url, env })),
  );
  const shops = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  cleanups.push(() => Promise.all(shops.map((shop) => shop.stop())));
  const failed = started.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  return { shops, databaseUrl: database.url };
}

/** deploy/nginx/shop.conf as run here: its listen, upstream and certificate lines swapped. */
function renderedConf(dir: string, httpsPort: number, httpPort: number, upstreamPorts: number[]): string {
  const recipe = readFileSync(new URL("../../deploy/nginx/shop.conf", import.meta.url), "utf8");
  let upstreams = upstreamPorts.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`);
  const lines = recipe.split("\n").flatMap((line) => {
    if (line.includes("# shop-upstream")) {
      const first = upstreams;
      upstreams = [];
      return first;
    }
    if (line.includes("# shop-https-listen")) return [`    listen 127.0.0.1:${httpsPort} ssl http2;`];
    if (line.includes("# shop-http-listen")) return [`    listen 127.0.0.1:${httpPort};`];
    if (line.includes("# shop-certificate-key")) return [`    ssl_certificate_key ${dir}/key.pem;`];
    if (line.includes("# shop-certificate")) return [`    ssl_certificate ${dir}/cert.pem;`];
    return [line.replace("server_name tienda.example;", "server_name localhost;")];
  });
  return lines.join("\n");
}

/** The recipe's TLS lines (certificate, protocols, session cache), for another server to share. */
function tlsDirectives(recipe: string): string[] {
  return recipe
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("ssl_"));
}

function startNginx(dir: string, options: ShopsBehindTlsOptions): ChildProcess {
  const temp = (name: string) => `${name}_temp_path ${dir}/${name};`;
  const log = options.accessLog
    ? [
        "  log_format upstream '$request_id $upstream_addr $status $request_method $request_uri';",
        `  access_log ${dir}/access.log upstream;`,
      ]
    : ["  access_log off;"];
  writeFileSync(
    join(dir, "nginx.conf"),
    [
      "user root;",
      "daemon off;",
      `worker_processes ${options.nginxWorkers ?? "1"};`,
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      "events { worker_connections 1024; }",
      "http {",
      ...log,
      `  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join(" ")}`,
      `  include ${dir}/shop.conf;`,
      "}",
    ].join("\n"),
  );
  return spawn("nginx", ["-p", dir, "-c", join(dir, "nginx.conf")], {
    stdio: ["ignore", "inherit", "inherit"],
  });
}

async function stopNginx(nginx: ChildProcess): Promise<void> {
  if (nginx.exitCode !== null || nginx.signalCode !== null) return;
  const exited = new Promise((resolve) => nginx.once("exit", resolve));
  nginx.kill("SIGTERM");
  const timer = setTimeout(() => nginx.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

export type HttpsAnswer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** A request through nginx that trusts its self-signed certificate (a browser is told to as well). */
export function httpsRequest(
  url: string,
  {
    method = "GET",
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, rejectUnauthorized: false, timeout: 5000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`${url}: no answer within 5 s`)));
    req.on("error", reject);
    req.end(body);
  });
}

/** Waits for nginx to pass a ready shop's answer on. */
async function untilReady(url: string, nginx: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited (code ${nginx.exitCode}), see above`);
    if ((await httpsRequest(url).catch(() => undefined))?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} was not ready within 20 s`);
}
