import { execFile, execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { request } from "node:https";
import { join } from "node:path";
import { promisify } from "node:util";
import { type Browser, type BrowserContext, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  intentIdOf,
  madridAddress,
  orderRequest,
  testConfirmRequest,
} from "#server/testing/order-fixtures.ts";
import type { AddressesView } from "#shared/api/address-contract.ts";
import { backOfficeOrderApi, orderActionAnswerSchema } from "#shared/api/back-office-order-contract.ts";
import type { OrderView, QuoteView } from "#shared/api/order-contract.ts";
import { enrolOwner } from "./support/back-office-shop.ts";
import { CHROMIUM_LAUNCH } from "./support/chromium.ts";
import { SHOPPER_PASSWORD } from "./support/register.ts";
import type { RunningShop } from "./support/start-shop.ts";
import { type ShopsBehindTls, startShopsBehindTls } from "./support/tls-proxy.ts";

/**
 * Issue 31's recipe, run: nginx with TLS and HTTP/2 (deploy/nginx/shop.conf, its ports and
 * certificate replaced) in front of two separate shop servers, each with two workers, sharing
 * one PostgreSQL. A shopper's whole path goes through https://; then one server is killed, and
 * the shop goes on through the other with nothing lost. Once per run: it opens its own origin.
 */
const runHere = inject("baseUrl").includes("localhost");

let proxy: ShopsBehindTls | undefined;
let shops: RunningShop[] = [];
let dir = "";
let origin = "";
let browser: Browser | undefined;

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
  proxy = await startShopsBehindTls(process.cwd(), {
    workers: "2",
    // The test reads which server answered from nginx's access log.
    accessLog: true,
  });
  ({ shops, dir, origin } = proxy);
  browser = await chromium.launch(CHROMIUM_LAUNCH);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await proxy?.stop();
  shops = [];
});

/**
 * The shop's first owner (decision 047: orders are moved from the back office only): invited
 * from the terminal into the shops' database, then signed in through the proxy with the second
 * factor, in a browser context of their own.
 */
async function ownerThroughProxy(): Promise<BrowserContext> {
  if (!proxy) throw new Error("the shops behind TLS are not running");
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["scripts/staff.ts", "invite", "duena.tls@example.com", "--role", "owner"],
    { env: { ...env, DATABASE_URL: proxy.databaseUrl, PUBLIC_URL: origin, LOG_LEVEL: "warn" } },
  );
  const link = new URL(/Enlace \(de un solo uso\): (\S+)/.exec(stdout)?.[1] ?? "");
  const context = await shopperContext();
  const [first] = shops;
  if (!first) throw new Error("no shop");
  await enrolOwner(
    await context.newPage(),
    {
      shop: { ...first, baseUrl: origin },
      ownerPath: `${link.pathname}${link.search}`,
      at: (path) => `${origin}${path}`,
      outbox: () => join(first.dataDir, "outbox"),
    },
    { name: "Dueña TLS", password: "faro azul y gatos robot" },
  );
  return context;
}

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

    // Pays with the test card, and the owner ships it from the back office, all through the proxy.
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
    const owner = await ownerThroughProxy();
    const shipped = await owner.request.post(backOfficeOrderApi.action(number, "ship"), {
      data: { carrier: "envios-veloz", trackingNumber: "TLS123456" },
      headers: { origin },
    });
    expect(shipped.status(), await shipped.text()).toBe(200);
    expect(orderActionAnswerSchema.parse(await shipped.json()).order.status).toBe("enviado");

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
