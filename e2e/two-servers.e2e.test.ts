import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { madridAddress, orderRequest } from "#server/testing/order-fixtures.ts";
import type { AddressesView } from "#shared/api/address-contract.ts";
import type { QuoteView } from "#shared/api/order-contract.ts";
import { CHROMIUM_LAUNCH } from "./support/chromium.ts";
import { productStockIn } from "./support/page-html.ts";
import { SHOPPER_PASSWORD } from "./support/register.ts";
import { createScratchDatabase, type ScratchDatabase } from "./support/scratch-database.ts";
import { type RunningShop, startShop } from "./support/start-shop.ts";

let database: ScratchDatabase | undefined;
let shops: RunningShop[] = [];
let browser: Browser;

beforeAll(async () => {
  database = await createScratchDatabase("shop_two");
  // One secret for both: a session made by one process is valid on the other.
  const env = { BETTER_AUTH_SECRET: randomBytes(32).toString("base64url") };
  // One after the other: the first applies the migrations.
  shops.push(await startShop(process.cwd(), { databaseUrl: database.url, env }));
  shops.push(await startShop(process.cwd(), { databaseUrl: database.url, env }));
  browser = await chromium.launch(CHROMIUM_LAUNCH);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(shops.map((shop) => shop.stop()));
  shops = [];
  await database?.drop();
});

/** A new shopper signed up through `shop`, as the cookies their browser would keep. */
async function signUp(shop: RunningShop, email: string): Promise<string> {
  const post = (path: string, body: object) =>
    fetch(`${shop.baseUrl}${path}`, {
      method: "POST",
      // Without PUBLIC_URL each server trusts the address it is reached at.
      headers: { "content-type": "application/json", origin: shop.baseUrl },
      body: JSON.stringify(body),
    });
  const account = { name: "Dos", lastName: "Servidores", email, password: SHOPPER_PASSWORD };
  expect((await post("/api/auth/sign-up/email", account)).status).toBe(200);
  // A sign-up signs no one in (issue 28): the shopper signs in with the password.
  const response = await post("/api/auth/sign-in/email", { email, password: SHOPPER_PASSWORD });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .join("; ");
}

describe("two server processes on one PostgreSQL database", () => {
  it("shows a cart change made through one server in a browser connected to the other", async () => {
    const [first, second] = shops;
    if (!first || !second) throw new Error("two shops expected");
    const cookieHeader = await signUp(first, "two@example.com");
    const cookies = cookieHeader.split("; ");

    const context = await browser.newContext({ baseURL: second.baseUrl, locale: "es-ES" });
    await context.addCookies(
      cookies.map((cookie) => {
        const [name = "", value = ""] = cookie.split(/=(.*)/s);
        return { name, value, url: second.baseUrl };
      }),
    );
    const page = await context.newPage();
    const streamOpened = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/api/events",
    );
    const cartRead = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/cart");
    await page.goto("/wishlist");
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Mi lista de deseos");
    // The event stream needs a session: the first server's cookie is valid on the second. It
    // subscribes before it answers (events.routes.ts), so from here on a change is announced.
    expect((await streamOpened).status()).toBe(200);
    // Before the change the second server sees an empty cart and the header shows no badge.
    expect(((await (await cartRead).json()) as { totalQuantity: number }).totalQuantity).toBe(0);
    const badge = page.getByTestId("cart-badge");
    expect(await badge.count()).toBe(0);
    // Marks this document: it must still be the same one (no reload) when the badge updates.
    await page.evaluate(() => {
      document.documentElement.dataset.sameDocument = "yes";
    });

    const added = await fetch(`${first.baseUrl}/api/cart/3`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: first.baseUrl, cookie: cookieHeader },
      body: JSON.stringify({ cantidad: 2 }),
    });
    expect(added.status).toBe(200);
    await expect.poll(() => badge.textContent(), { timeout: 5000 }).toBe("2");
    expect(await page.evaluate(() => document.documentElement.dataset.sameDocument)).toBe("yes");
    await context.close();
  });

  it("shows a product's new stock on both processes' kept pages once an order or the database changes it", async () => {
    const [first, second] = shops;
    if (!first || !second || !database) throw new Error("two shops expected");
    const productId = 106;
    const stockShown = async (shop: RunningShop) => {
      const html = await (await fetch(`${shop.baseUrl}/detalle/${productId}`)).text();
      return { stock: productStockIn(html, productId), soldOut: html.includes(">Agotado</span>") };
    };
    // Both processes keep the page as visitors get it.
    for (const shop of shops) {
      expect(await stockShown(shop)).toEqual({ stock: 20, soldOut: false });
      expect(await stockShown(shop)).toEqual({ stock: 20, soldOut: false });
    }
    // Changed in the database by hand (neither process did it): both pages follow.
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query("update product_stock set available = 1 where product_id = $1", [productId]);
    await admin.end();
    for (const shop of shops) await expect.poll(() => stockShown(shop)).toEqual({ stock: 1, soldOut: false });

    // An order through the first process takes the last unit: both say «Agotado».
    const cookie = await signUp(first, "last.unit@example.com");
    const call = async (path: string, body: unknown) => {
      const response = await fetch(`${first.baseUrl}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: first.baseUrl, cookie },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    expect((await call(`/api/cart/${productId}`, { cantidad: 1 })).status).toBe(200);
    expect((await call("/api/addresses", madridAddress)).status).toBe(201);
    const addresses = (await (
      await fetch(`${first.baseUrl}/api/addresses`, { headers: { cookie } })
    ).json()) as AddressesView;
    const addressId = addresses.items[0]?.id ?? "";
    const quote = await call("/api/orders/quote", { addressId, shippingMethod: "standard" });
    const { totals } = quote.body as QuoteView;
    expect((await call("/api/orders", orderRequest(addressId, totals.totalCents))).status).toBe(201);
    for (const shop of shops) await expect.poll(() => stockShown(shop)).toEqual({ stock: 0, soldOut: true });
  });

  it("refuses on one process a session ended on the other (each keeps confirmed sessions in memory)", async () => {
    const [first, second] = shops;
    if (!first || !second) throw new Error("two shops expected");
    const cookie = await signUp(first, "signed.out.elsewhere@example.com");
    const me = async (shop: RunningShop) =>
      (await fetch(`${shop.baseUrl}/api/me`, { headers: { cookie } })).status;
    // Both confirm it, and keep it.
    expect(await me(first)).toBe(200);
    expect(await me(second)).toBe(200);
    expect(await me(second)).toBe(200);
    const out = await fetch(`${first.baseUrl}/api/auth/sign-out`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: first.baseUrl, cookie },
      body: "{}",
    });
    expect(out.status).toBe(200);
    expect(await me(first)).toBe(401);
    await expect.poll(() => me(second)).toBe(401);
  });
});
