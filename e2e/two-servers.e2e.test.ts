import { randomBytes } from "node:crypto";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_LAUNCH } from "./support/chromium.ts";
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

describe("two server processes on one PostgreSQL database", () => {
  it("shows a cart change made through one server in a browser connected to the other", async () => {
    const [first, second] = shops;
    if (!first || !second) throw new Error("two shops expected");
    // Without PUBLIC_URL each server trusts the address it is reached at.
    const origin = (shop: RunningShop) => shop.baseUrl;
    const signUp = await fetch(`${first.baseUrl}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: origin(first) },
      body: JSON.stringify({
        name: "Dos",
        lastName: "Servidores",
        email: "two@example.com",
        password: SHOPPER_PASSWORD,
      }),
    });
    expect(signUp.status).toBe(200);
    const cookies = signUp.headers.getSetCookie().map((cookie) => cookie.split(";")[0] ?? "");

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
      headers: { "content-type": "application/json", origin: origin(first), cookie: cookies.join("; ") },
      body: JSON.stringify({ cantidad: 2 }),
    });
    expect(added.status).toBe(200);
    await expect.poll(() => badge.textContent(), { timeout: 5000 }).toBe("2");
    expect(await page.evaluate(() => document.documentElement.dataset.sameDocument)).toBe("yes");
    await context.close();
  });
});
