import { randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./support/chromium.ts";
import { SHOPPER_PASSWORD } from "./support/register.ts";
import { type RunningShop, startShop } from "./support/start-shop.ts";

const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const database = `shop_two_${randomUUID().replace(/-/g, "")}`;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

let shops: RunningShop[] = [];
let browser: Browser;

beforeAll(async () => {
  await admin(`create database ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  // One secret for both: a session made by one process is valid on the other.
  const env = { BETTER_AUTH_SECRET: randomBytes(32).toString("base64url") };
  // One after the other: the first applies the migrations.
  shops.push(await startShop(process.cwd(), { databaseUrl: url.toString(), env }));
  shops.push(await startShop(process.cwd(), { databaseUrl: url.toString(), env }));
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(shops.map((shop) => shop.stop()));
  shops = [];
  await admin(`drop database if exists ${database} with (force)`);
});

describe("two server processes on one PostgreSQL database", () => {
  it("shows a cart change made through one server in a browser connected to the other", async () => {
    const [first, second] = shops;
    if (!first || !second) throw new Error("two shops expected");
    // Each server's own origin (localhost:PORT) is the one its identity endpoints trust.
    const origin = (shop: RunningShop) => shop.baseUrl.replace("127.0.0.1", "localhost");
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
    await page.goto("/wishlist");
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Mi lista de deseos");
    const badge = page.getByTestId("cart-badge");
    expect(await badge.count()).toBe(0);
    // Let the page open its live stream to the second server before the change.
    await page.waitForTimeout(1000);

    const added = await fetch(`${first.baseUrl}/api/cart/3`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: origin(first), cookie: cookies.join("; ") },
      body: JSON.stringify({ cantidad: 2 }),
    });
    expect(added.status).toBe(200);
    await expect.poll(() => badge.textContent(), { timeout: 5000 }).toBe("2");
    await context.close();
  });
});
