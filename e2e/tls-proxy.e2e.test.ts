import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  intentIdOf,
  madridAddress,
  orderRequest,
  testConfirmRequest,
} from "#server/testing/order-fixtures.ts";
import type { AddressesView } from "#shared/api/address-contract.ts";
import type { OrderView, QuoteView } from "#shared/api/order-contract.ts";
import { CHROMIUM_LAUNCH } from "./support/chromium.ts";
import { SHOPPER_PASSWORD } from "./support/register.ts";
import { createScratchDatabase, type ScratchDatabase } from "./support/scratch-database.ts";
import { freePort, type RunningShop, startShop } from "./support/start-shop.ts";

/**
 * Issue 31's recipe, run: nginx with TLS and HTTP/2 (deploy/nginx/shop.conf, its ports and
 * certificate replaced) in front of two separate shop servers, each with two workers, sharing
 * one PostgreSQL. A shopper's whole path goes through https://; then one server is killed, and
 * the shop goes on through the other with nothing lost. Once per run: it opens its own origin.
 */
const runHere = inject("baseUrl").includes("localhost");
const OPERATOR_TOKEN = randomBytes(24).toString("hex");

let database: ScratchDatabase | undefined;
let shops: RunningShop[] = [];
let nginx: ChildProcess | undefined;
let dir = "";
let origin = "";
let browser: Browser | undefined;

/** deploy/nginx/shop.conf as the test runs it: its listen, upstream and certificate lines swapped. */
function renderedConf(httpsPort: number, httpPort: number, upstreamPorts: number[]): string {
  const recipe = readFileSync(new URL("../deploy/nginx/shop.conf", import.meta.url), "utf8");
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

function startNginx(httpsPort: number, httpPort: number, upstreamPorts: number[]): ChildProcess {
  writeFileSync(join(dir, "shop.conf"), renderedConf(httpsPort, httpPort, upstreamPorts));
  const temp = (name: string) => `${name}_temp_path ${dir}/${name};`;
  writeFileSync(
    join(dir, "nginx.conf"),
    [
      "user root;",
      "daemon off;",
      "worker_processes 1;",
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      "events { worker_connections 512; }",
      "http {",
      "  log_format upstream '$request_id $upstream_addr $status $request_method $request_uri';",
      `  access_log ${dir}/access.log upstream;`,
      `  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join(" ")}`,
      `  include ${dir}/shop.conf;`,
      "}",
    ].join("\n"),
  );
  return spawn("nginx", ["-p", dir, "-c", join(dir, "nginx.conf")], {
    stdio: ["ignore", "inherit", "inherit"],
  });
}

/** A GET through nginx that trusts its self-signed certificate (the browser is told to as well). */
function httpsGet(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { rejectUnauthorized: false, timeout: 5000 }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

/** A server-sent event stream read as text, as it arrives through the proxy. */
function openEventStream(url: string, cookie: string) {
  let received = "";
  const req = request(
    url,
    { rejectUnauthorized: false, headers: { cookie, accept: "text/event-stream" } },
    (response) => {
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        received += chunk;
      });
    },
  );
  req.on("error", () => undefined);
  req.end();
  return { text: () => received, close: () => req.destroy() };
}

/** Waits for nginx to pass a ready shop's answer on (the hooks cannot use expect.poll). */
async function untilReady(url: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if ((await httpsGet(url).catch(() => 0)) === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} was not ready within 20 s`);
}

/** Which shop server answered the requests nginx passed on, by upstream port. */
function upstreamsUsed(): Set<string> {
  const log = readFileSync(join(dir, "access.log"), "utf8");
  return new Set(
    log
      .split("\n")
      .map((line) => line.split(" ")[1] ?? "")
      .filter((address) => address.startsWith("127.0.0.1:")),
  );
}

beforeAll(async () => {
  if (!runHere) return;
  dir = mkdtempSync(join(tmpdir(), "shop-tls-"));
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost"],
      ...["-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
      ...["-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem")],
    ],
    { stdio: "ignore" },
  );
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  origin = `https://localhost:${httpsPort}`;
  database = await createScratchDatabase("shop_tls");
  const env = {
    // One secret and one token for both: a session made by one server is valid on the other.
    BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
    OPERATOR_TOKEN,
    PUBLIC_URL: origin,
    TRUSTED_PROXIES: "127.0.0.1",
    WORKERS: "2",
  };
  // Started together: the migrations run once, under their lock (decision 049).
  shops = await Promise.all(
    [0, 1].map(() => startShop(process.cwd(), { databaseUrl: database?.url ?? "", env })),
  );
  nginx = startNginx(
    httpsPort,
    httpPort,
    shops.map((shop) => Number(new URL(shop.baseUrl).port)),
  );
  await untilReady(`${origin}/api/health/ready`);
  browser = await chromium.launch(CHROMIUM_LAUNCH);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  nginx?.kill("SIGTERM");
  await Promise.all(shops.map((shop) => shop.stop()));
  shops = [];
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function shopperContext(): Promise<BrowserContext> {
  if (!browser) throw new Error("no browser");
  return browser.newContext({ baseURL: origin, ignoreHTTPSErrors: true, locale: "es-ES" });
}

describe.runIf(runHere)("behind nginx with TLS, two shop servers on one PostgreSQL (issue 31)", () => {
  it("takes a shopper's whole path through https://, and loses nothing when one server is killed", async () => {
    const context = await shopperContext();
    const headers = { origin };
    const api = context.request;
    // Signed up and in through the proxy: the session cookie is Secure, as PUBLIC_URL is https.
    const email = "tls.shopper@example.com";
    const account = { name: "Tere", lastName: "Ele Ese", email, password: SHOPPER_PASSWORD };
    expect((await api.post("/api/auth/sign-up/email", { data: account, headers })).status()).toBe(200);
    const signedIn = await api.post("/api/auth/sign-in/email", {
      data: { email, password: SHOPPER_PASSWORD },
      headers,
    });
    expect(signedIn.status()).toBe(200);
    expect(signedIn.headers()["set-cookie"]).toMatch(/;\s*Secure/i);
    expect(signedIn.headers()["x-request-id"]).toMatch(/^[0-9a-f]{32}$/);

    // The live stream through the proxy and its TLS: the change of a cart written through the
    // proxy (to whichever server) reaches the stream held open through it (to whichever server).
    const cookie = (await context.cookies(origin)).map(({ name, value }) => `${name}=${value}`).join("; ");
    const stream = openEventStream(`${origin}/api/events`, cookie);
    await expect.poll(() => stream.text()).toContain("event: ready");
    expect((await api.post("/api/cart/3", { data: { cantidad: 1 }, headers })).status()).toBe(200);
    await expect.poll(() => stream.text()).toMatch(/event: change\ndata: cart/);
    stream.close();
    expect((await api.post("/api/cart/4", { data: { cantidad: 1 }, headers })).status()).toBe(200);
    // A tab opened through the proxy shows it.
    const tab = await context.newPage();
    await tab.goto("/wishlist");
    await expect.poll(() => tab.getByTestId("cart-badge").textContent()).toBe("2");

    // Pays with the test card, and the operator ships it, all through the proxy.
    expect((await api.post("/api/addresses", { data: madridAddress, headers })).status()).toBe(201);
    const { items } = (await (await api.get("/api/addresses")).json()) as AddressesView;
    const addressId = items[0]?.id ?? "";
    const quote = await api.post("/api/orders/quote", {
      data: { addressId, shippingMethod: "standard" },
      headers,
    });
    const { totals } = (await quote.json()) as QuoteView;
    const placed = await api.post("/api/orders", {
      data: orderRequest(addressId, totals.totalCents),
      headers,
    });
    expect(placed.status()).toBe(201);
    const order = (await placed.json()) as OrderView;
    const payment = await api.get(`/api/orders/${order.id}/payment`, { headers });
    const { clientSecret } = (await payment.json()) as { clientSecret: string };
    const confirmed = await api.post(`/api/payments/test/intents/${intentIdOf(clientSecret)}/confirm`, {
      data: testConfirmRequest(clientSecret, origin, order.id),
      headers,
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    const paid = async () => (await (await api.get(`/api/orders/${order.id}`)).json()) as OrderView;
    await expect.poll(async () => (await paid()).status).toBe("pagado");
    const number = (await paid()).number ?? "";
    const shipped = await api.post(`/api/operator/orders/${number}/ship`, {
      data: { carrier: "envios-veloz", trackingNumber: "TLS123456" },
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, origin },
    });
    expect(shipped.status(), await shipped.text()).toBe(200);

    // Both servers took part.
    expect(upstreamsUsed().size).toBe(2);

    // One server dies mid-run, as a machine does (its supervisor and workers at once, no
    // shutdown): the shop goes on through the other.
    const dying = shops[0];
    if (!dying) throw new Error("two shops expected");
    const workers = execFileSync("pgrep", ["-P", String(dying.pid)], { encoding: "utf8" }).split("\n");
    for (const pid of workers.filter(Boolean)) process.kill(Number(pid), "SIGKILL");
    await dying.kill();
    const cartNow = async () =>
      ((await (await api.get("/api/cart")).json()) as { totalQuantity: number }).totalQuantity;
    // A write caught on a connection to the dead server fails whole (502): nginx never sends a
    // POST twice, as it may have been applied. Nothing of it was: the shopper tries again, and
    // the other server takes it.
    const caught = await api.post("/api/cart/5", { data: { cantidad: 1 }, headers });
    expect([200, 502]).toContain(caught.status());
    if (caught.status() === 502) {
      expect(await cartNow()).toBe(0);
      expect((await api.post("/api/cart/5", { data: { cantidad: 1 }, headers })).status()).toBe(200);
    }
    for (let read = 0; read < 6; read++) expect((await api.get("/api/cart")).status()).toBe(200);
    // The order took the cart's two units; what was added after is there, nothing else lost.
    expect(await cartNow()).toBe(1);
    expect(await paid()).toMatchObject({ number, status: "enviado" });
    await tab.reload();
    await expect.poll(() => tab.getByTestId("cart-badge").textContent()).toBe("1");
    await context.close();
  }, 240_000);
});
