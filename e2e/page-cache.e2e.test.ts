import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OperatorStats } from "#shared/api/operator-stats-contract.ts";
import { SHOPPER_PASSWORD } from "./support/register.ts";
import { createScratchDatabase, type ScratchDatabase } from "./support/scratch-database.ts";
import { type RunningShop, startShop } from "./support/start-shop.ts";

/**
 * Pages kept rendered and compressed (decision 018), and signed-in shoppers' parts spliced into
 * them (decision 020), are the very bytes a fresh render makes: one shop keeps them, another with
 * PAGE_CACHE=off renders each request, both on one database (the same stock, the same shoppers),
 * one secret (a session is good on both) and one public address (which the pages link to).
 */
let database: ScratchDatabase | undefined;
let cached: RunningShop;
let fresh: RunningShop;

beforeAll(async () => {
  database = await createScratchDatabase("shop_cache");
  const env = {
    PUBLIC_URL: "https://tienda-miaubot.example",
    BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
  };
  // One after the other: the first applies the migrations.
  cached = await startShop(process.cwd(), { databaseUrl: database.url, env });
  fresh = await startShop(process.cwd(), { databaseUrl: database.url, env: { ...env, PAGE_CACHE: "off" } });
}, 120_000);
afterAll(async () => {
  await Promise.all([cached?.stop(), fresh?.stop()]);
  await database?.drop();
});

const samplePages = [
  "/",
  "/categoria/Juguete",
  "/categoria/Juguete?page=2",
  "/detalle/1",
  "/detalle/9999",
  "/producto/peluche",
  "/footer/envios",
  "/login",
];

async function page(shop: RunningShop, path: string, lang: "es" | "pt", encoding: string, session = "") {
  const response = await fetch(`${shop.baseUrl}${path}`, {
    headers: { cookie: `lang=${lang}${session ? `; ${session}` : ""}`, "accept-encoding": encoding },
    redirect: "manual",
  });
  return {
    status: response.status,
    etag: response.headers.get("etag"),
    encoding: response.headers.get("content-encoding"),
    body: await response.text(),
  };
}

/** A new shopper signed up on `shop`, as the session cookie their browser would send. */
async function signUp(shop: RunningShop, email: string): Promise<string> {
  const post = (path: string, body: object) =>
    fetch(`${shop.baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://tienda-miaubot.example" },
      body: JSON.stringify(body),
    });
  const account = { name: "Nube", lastName: "Gato", email, password: SHOPPER_PASSWORD };
  expect((await post("/api/auth/sign-up/email", account)).status).toBe(200);
  // A sign-up signs no one in (issue 28): the shopper signs in with the password.
  const response = await post("/api/auth/sign-in/email", { email, password: SHOPPER_PASSWORD });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .join("; ");
}

async function write(shop: RunningShop, session: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${shop.baseUrl}${path}`, {
    method,
    headers: {
      cookie: session,
      origin: "https://tienda-miaubot.example",
      ...(body ? { "content-type": "application/json" } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(response.status, `${method} ${path}`).toBe(200);
}

async function statsOf(shop: RunningShop): Promise<OperatorStats> {
  const token = readFileSync(join(shop.dataDir, "operator-token"), "utf8").trim();
  const response = await fetch(`${shop.baseUrl}/api/operator/stats`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as OperatorStats;
}

describe("the page cache", () => {
  it("sends a visitor the same bytes a fresh render makes, in Spanish and Portuguese, however encoded", async () => {
    for (const lang of ["es", "pt"] as const) {
      for (const path of samplePages) {
        const rendered = await page(fresh, path, lang, "identity");
        // The first answer goes as soon as the page is drawn, in gzip; Brotli follows (decision 056).
        const first = await page(cached, path, lang, "br");
        const kept = await page(cached, path, lang, "gzip");
        expect(first, `${lang} ${path}`).toEqual({ ...kept, etag: first.etag, encoding: "gzip" });
        expect(kept.status, `${lang} ${path}`).toBe(rendered.status);
        expect(kept.body, `${lang} ${path}`).toBe(rendered.body);
        expect(kept.etag, `${lang} ${path}`).toBe(first.etag);
        await expect.poll(async () => (await page(cached, path, lang, "br")).encoding).toBe("br");
        expect(await page(cached, path, lang, "br"), `${lang} ${path}`).toEqual({ ...kept, encoding: "br" });
      }
    }
    const stats = await statsOf(cached);
    expect(stats.pageCache?.renders).toBe(samplePages.length * 2);
    expect(stats.pageCache?.hits).toBeGreaterThanOrEqual(samplePages.length * 2);
    expect(stats.pageCache?.bytes).toBeGreaterThan(0);
    expect((await statsOf(fresh)).pageCache).toBeNull();
  });

  it("sends a signed-in shopper the bytes a fresh render makes for them, their cart and hearts spliced in", async () => {
    const session = await signUp(cached, "splice@example.com");
    const signedInPages = [...samplePages.filter((path) => path !== "/login"), "/detalle/3", "/login"];
    const compare = async (when: string) => {
      for (const lang of ["es", "pt"] as const) {
        for (const path of signedInPages) {
          const label = `${when}: ${lang} ${path}`;
          const rendered = await page(fresh, path, lang, "identity", session);
          const spliced = await page(cached, path, lang, "gzip", session);
          const plain = await page(cached, path, lang, "identity", session);
          expect(spliced.status, label).toBe(rendered.status);
          expect(spliced.body, label).toBe(rendered.body);
          expect(plain.body, label).toBe(rendered.body);
          expect(spliced.etag, label).toBeNull();
        }
      }
    };
    await compare("empty cart");
    const before = await statsOf(cached);
    await write(cached, session, "POST", "/api/cart/1", { cantidad: 2 });
    await write(fresh, session, "POST", "/api/cart/3", { cantidad: 1 });
    await write(fresh, session, "PUT", "/api/wishlist/1");
    // The other process's writes reach this one's kept parts within a second (NOTIFY after commit).
    await expect
      .poll(async () => (await page(cached, "/detalle/1", "es", "gzip", session)).body, { timeout: 1000 })
      .toContain('aria-pressed="true" aria-label="Quitar de mi lista de deseos"');
    await compare("two lines, one heart");
    const product = await page(cached, "/detalle/1", "es", "gzip", session);
    expect(product.encoding).toBe("gzip");
    expect(product.body).toContain('data-testid="cart-badge">3</span>');
    expect(product.body).toContain('aria-pressed="true" aria-label="Quitar de mi lista de deseos"');
    expect(product.body).toContain('"email":"splice@example.com"');
    // A write through this process drops its kept parts before it answers: the very next page shows it.
    await write(cached, session, "PUT", "/api/cart/1", { cantidad: 1 });
    expect((await page(cached, "/detalle/1", "es", "gzip", session)).body).toContain(
      'data-testid="cart-badge">2</span>',
    );
    await write(cached, session, "DELETE", "/api/wishlist/1");
    expect((await page(cached, "/detalle/1", "es", "gzip", session)).body).toContain(
      'aria-pressed="false" aria-label="Añadir a mi lista de deseos"',
    );
    // Kept pages are spliced, not drawn again: one render per page, per language, before and after.
    expect((await statsOf(cached)).pageCache?.renders).toBe(before.pageCache?.renders);
  });

  it("answers a page the browser already has with 304", async () => {
    const { etag } = await page(cached, "/detalle/2", "es", "br");
    const again = await fetch(`${cached.baseUrl}/detalle/2`, { headers: { "if-none-match": etag ?? "" } });
    expect(again.status).toBe(304);
  });
});
