import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, type RunningShop } from "../e2e/support/start-shop.ts";
import { httpsRequest, type ShopsBehindTls, startShopsBehindTls } from "../e2e/support/tls-proxy.ts";
import { type BenchShopper, signUpBenchShopper } from "./api-shoppers.ts";
import {
  ensureLoadTools,
  type LoadFigures,
  medianRun,
  rawPage,
  runWrk,
  WRK_CONNECTIONS,
  WRK_THREADS,
  type WrkOptions,
  waitForStrongForms,
} from "./page-load.ts";

/**
 * Issue 31's last benchmark: the shop as deploy/nginx/shop.conf runs it (nginx, TLS and HTTP/2,
 * two shop servers, each its own process and workers, on one PostgreSQL), measured through https
 * with wrk beside what it is measured against in the same run.
 */
export type TlsProxyLoad = {
  page: string;
  gzipBytes: number;
  servers: number;
  workersPerServer: string;
  nginxWorkers: string;
  connections: number;
  seconds: number;
  turns: number;
  /** The page through nginx, TLS: nginx's own file of the same bytes, and the two shops behind it. */
  pages: { nginx: LoadFigures; proxied: LoadFigures; direct: LoadFigures; turns: PageTurns };
  /** Signed-in shoppers' cart writes: through nginx to both servers, and straight to one (http). */
  cart: { shoppers: number; proxied: LoadFigures; direct: LoadFigures; turns: CartTurns };
};

/** Every turn's run, in order, for the spread the medians hide. */
type PageTurns = { nginx: LoadFigures[]; proxied: LoadFigures[]; direct: LoadFigures[] };
type CartTurns = { proxied: LoadFigures[]; direct: LoadFigures[] };

export type TlsProxyOptions = { seconds?: number; turns?: number };

/** The kept catalogue page measured: a product's, the page most visits land on from a search. */
export const TLS_PAGE = "/detalle/1";
const SERVERS = 2;
/** Each server one worker per core, as on a machine of its own (the recipe's shape). */
const WORKERS = "auto";
const NGINX_WORKERS = "auto";
const GZIP = { "accept-encoding": "gzip" };

/** Everything the measurement leaves behind, gone at the end, on failure and on Ctrl-C. */
export async function measureTlsProxyLoad(
  root: string,
  options: TlsProxyOptions = {},
): Promise<TlsProxyLoad> {
  ensureLoadTools();
  const work = mkdtempSync(join(tmpdir(), "bench-tls-"));
  let proxy: ShopsBehindTls | undefined;
  const stopOnSignal = (signal: NodeJS.Signals) => {
    void Promise.resolve(proxy?.stop())
      .then(() => rmSync(work, { recursive: true, force: true }))
      .finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  };
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
  try {
    const staticPort = await freePort();
    proxy = await startShopsBehindTls(root, {
      servers: SERVERS,
      workers: WORKERS,
      nginxWorkers: NGINX_WORKERS,
      databasePrefix: "shop_bench_tls",
      moreServers: ({ shops, tls }) => staticTwin(shops, tls, staticPort, work),
    });
    return await measure(proxy, `https://127.0.0.1:${staticPort}/page.html`, work, options);
  } finally {
    process.off("SIGINT", stopOnSignal);
    process.off("SIGTERM", stopOnSignal);
    await proxy?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

async function measure(
  proxy: ShopsBehindTls,
  staticUrl: string,
  work: string,
  { seconds = 6, turns = 3 }: TlsProxyOptions,
): Promise<TlsProxyLoad> {
  const [first] = proxy.shops;
  if (!first) throw new Error("no shop server");
  const proxyUrl = proxy.origin.replace("localhost", "127.0.0.1");
  const gzipBytes = await sameBytes(`${proxyUrl}${TLS_PAGE}`, staticUrl);
  // Before any wrk run: wrk is run synchronously, and a keep-alive socket this process left idle
  // meanwhile would be closed by the server unnoticed, failing the next fetch ("fetch failed").
  const shoppers = await cartShoppers(first, proxy.origin, proxyUrl);
  const wrk: WrkOptions = { seconds, warmUpSeconds: Math.min(2, seconds) };
  const pages = pagesInTurns(
    { nginx: staticUrl, proxied: `${proxyUrl}${TLS_PAGE}`, direct: `${first.baseUrl}${TLS_PAGE}` },
    wrk,
    turns,
  );
  const script = join(work, "cart-writes.lua");
  writeFileSync(script, cartScript(shoppers, proxy.origin));
  const cart = cartInTurns({ proxied: proxyUrl, direct: first.baseUrl }, { ...wrk, script }, turns);
  return {
    page: TLS_PAGE,
    gzipBytes,
    servers: SERVERS,
    workersPerServer: WORKERS,
    nginxWorkers: NGINX_WORKERS,
    connections: WRK_CONNECTIONS,
    seconds,
    turns,
    pages,
    cart: { shoppers: shoppers.length, ...cart },
  };
}

/**
 * The page's gzip bytes and headers as one shop server sends them to a visitor, written as a file
 * that nginx serves with `gzip_static` from a server of its own over the recipe's TLS lines.
 */
async function staticTwin(
  shops: RunningShop[],
  tls: readonly string[],
  port: number,
  work: string,
): Promise<string> {
  const url = `${shops[0]?.baseUrl}${TLS_PAGE}`;
  // Asked as nginx will ask (the shops trust 127.0.0.1 as their proxy): the headers of https.
  const asProxied = { host: "localhost", "x-forwarded-proto": "https", "x-forwarded-for": "127.0.0.1" };
  // Every server's workers keep the page in the same strongest forms before its bytes are compared.
  for (const shop of shops) await waitForStrongForms(`${shop.baseUrl}${TLS_PAGE}`, asProxied);
  const gzip = await rawPage(url, { ...asProxied, ...GZIP });
  const identity = await rawPage(url, asProxied);
  if (gzip.status !== 200 || gzip.headers["content-encoding"] !== "gzip") {
    throw new Error(`${TLS_PAGE} answered ${gzip.status} (${gzip.headers["content-encoding"]}), not gzip`);
  }
  writeFileSync(join(work, "page.html"), identity.body);
  writeFileSync(join(work, "page.html.gz"), gzip.body);
  return [
    "server {",
    `    listen 127.0.0.1:${port} ssl http2;`,
    "    server_name localhost;",
    ...tls.map((line) => `    ${line}`),
    "    location = /page.html {",
    `        root ${work};`,
    "        gzip_static on;",
    "        etag off;",
    "        types { }",
    `        default_type ${quoted(String(gzip.headers["content-type"]))};`,
    ...sameHeaders(gzip.headers).map((line) => `        ${line}`),
    "    }",
    "}",
  ].join("\n");
}

/**
 * Headers nginx makes itself for a file (or per request), left out of the copied ones. The shop's
 * ETag is copied (nginx's own is off); nginx's Last-Modified stays, it cannot be taken out.
 */
const OWN_HEADERS = new Set([
  "date",
  "server",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "content-type",
  "x-request-id",
]);

/** The shop's response headers as `add_header` lines; the request id nginx's, as it passes it on. */
function sameHeaders(headers: IncomingHttpHeaders): string[] {
  const lines = Object.entries(headers).flatMap(([name, value]) => {
    if (OWN_HEADERS.has(name) || value === undefined) return [];
    const values = Array.isArray(value) ? value : [value];
    // A `$` would be read as an nginx variable: such a header is left out rather than mangled.
    return values.filter((one) => !one.includes("$")).map((one) => `add_header ${name} ${quoted(one)};`);
  });
  return [...lines, "add_header x-request-id $request_id;"];
}

function quoted(value: string): string {
  return `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

/** The body nginx passes on from the shops is the static file's, byte for byte: its gzip size. */
async function sameBytes(proxiedUrl: string, staticUrl: string): Promise<number> {
  const [proxied, file] = [
    await httpsRequest(proxiedUrl, { headers: GZIP }),
    await httpsRequest(staticUrl, { headers: GZIP }),
  ];
  if (proxied.status !== 200 || file.status !== 200) {
    throw new Error(`the page answered ${proxied.status} through the shops, ${file.status} from the file`);
  }
  if (!proxied.body.equals(file.body)) {
    throw new Error(
      `the shops sent ${proxied.body.length} bytes, the file ${file.body.length}: not the same page`,
    );
  }
  const [fromShops, fromFile] = [Object.keys(proxied.headers), Object.keys(file.headers)];
  const differ = [
    ...fromShops.filter((name) => !fromFile.includes(name)),
    ...fromFile.filter((name) => !fromShops.includes(name)),
  ];
  if (differ.length > 0) console.log(`  headers only one of them sends: ${differ.join(", ")}`);
  return file.body.length;
}

/**
 * nginx's file, the page through nginx from the two shops, and one shop straight (plain http, no
 * proxy), in turns: a two-core machine's noise is larger than some differences measured; the
 * median run of each is kept.
 */
function pagesInTurns(
  urls: { nginx: string; proxied: string; direct: string },
  wrk: WrkOptions,
  turns: number,
): TlsProxyLoad["pages"] {
  const runs: PageTurns = { nginx: [], proxied: [], direct: [] };
  for (let turn = 0; turn < turns; turn += 1) {
    runs.nginx.push(runWrk(urls.nginx, GZIP, wrk));
    runs.proxied.push(runWrk(urls.proxied, GZIP, wrk));
    runs.direct.push(runWrk(urls.direct, GZIP, wrk));
  }
  const { nginx, proxied, direct } = runs;
  return { nginx: medianRun(nginx), proxied: medianRun(proxied), direct: medianRun(direct), turns: runs };
}

/** The cart writes through nginx and straight to one server, in turns. */
function cartInTurns(
  urls: { proxied: string; direct: string },
  wrk: WrkOptions,
  turns: number,
): Omit<TlsProxyLoad["cart"], "shoppers"> {
  const runs: CartTurns = { proxied: [], direct: [] };
  for (let turn = 0; turn < turns; turn += 1) {
    runs.proxied.push(runWrk(`${urls.proxied}${CART_WRITE}`, {}, wrk));
    runs.direct.push(runWrk(`${urls.direct}${CART_WRITE}`, {}, wrk));
  }
  return { proxied: medianRun(runs.proxied), direct: medianRun(runs.direct), turns: runs };
}

/** bench/cart-load.ts's write: a cart line set to one unit, valid however often it is repeated. */
const CART_WRITE = "/api/cart/1?lang=es";
const CART_BODY = JSON.stringify({ cantidad: 1 });

/**
 * One signed-in shopper per connection, as cart-load.ts has: signed up on one server (a session
 * is valid on both), and one write of the first tried through nginx before the load.
 */
async function cartShoppers(shop: RunningShop, origin: string, proxyUrl: string): Promise<BenchShopper[]> {
  const shoppers = await Promise.all(
    Array.from({ length: WRK_CONNECTIONS }, () => signUpBenchShopper(shop.baseUrl, origin)),
  );
  const [first] = shoppers;
  if (!first) throw new Error("no bench shopper");
  const write = await httpsRequest(`${proxyUrl}${CART_WRITE}`, {
    method: "PUT",
    headers: { cookie: first.cookie, origin, "content-type": "application/json" },
    body: CART_BODY,
  });
  if (write.status !== 200)
    throw new Error(`a cart write through nginx answered ${write.status}: ${write.body.toString()}`);
  return shoppers;
}

/**
 * wrk's requests: each thread writes for its own half of the shoppers, one after the other, so no
 * two threads write one shopper's cart; wrk has no hook per connection, so a connection carries
 * several shoppers' writes (through nginx they are shared out anyway).
 */
function cartScript(shoppers: readonly BenchShopper[], origin: string): string {
  const cookies = shoppers.map((shopper) => JSON.stringify(shopper.cookie)).join(",\n  ");
  return `local cookies = {
  ${cookies}
}
local threads = 0
function setup(thread)
  thread:set("thread_index", threads)
  threads = threads + 1
end
local requests = {}
local next_request = 0
function init(args)
  for i = thread_index + 1, #cookies, ${WRK_THREADS} do
    local headers = { ["Cookie"] = cookies[i], ["Origin"] = ${JSON.stringify(origin)}, ["Content-Type"] = "application/json" }
    requests[#requests + 1] = wrk.format("PUT", ${JSON.stringify(CART_WRITE)}, headers, ${JSON.stringify(CART_BODY)})
  end
end
function request()
  next_request = next_request % #requests + 1
  return requests[next_request]
end
`;
}
