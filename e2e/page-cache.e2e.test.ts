import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OperatorStats } from "#shared/api/operator-stats-contract.ts";
import { type RunningShop, startShop } from "./support/start-shop.ts";

/**
 * Visitors' pages kept rendered and compressed (decision 018) are the very bytes a fresh render
 * makes: one shop keeps them, another with PAGE_CACHE=off renders each request, both on the
 * catalogue's starting stock and one public address (which the pages link to).
 */
let cached: RunningShop;
let fresh: RunningShop;

beforeAll(async () => {
  const env = { PUBLIC_URL: "https://tienda-miaubot.example" };
  [cached, fresh] = await Promise.all([
    startShop(process.cwd(), { env }),
    startShop(process.cwd(), { env: { ...env, PAGE_CACHE: "off" } }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([cached?.stop(), fresh?.stop()]);
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

async function page(shop: RunningShop, path: string, lang: "es" | "pt", encoding: string) {
  const response = await fetch(`${shop.baseUrl}${path}`, {
    headers: { cookie: `lang=${lang}`, "accept-encoding": encoding },
    redirect: "manual",
  });
  return { status: response.status, etag: response.headers.get("etag"), body: await response.text() };
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
        const first = await page(cached, path, lang, "br");
        const kept = await page(cached, path, lang, "gzip");
        expect(first, `${lang} ${path}`).toEqual({ ...kept, etag: first.etag });
        expect(kept.status, `${lang} ${path}`).toBe(rendered.status);
        expect(kept.body, `${lang} ${path}`).toBe(rendered.body);
        expect(kept.etag, `${lang} ${path}`).toBe(first.etag);
      }
    }
    const stats = await statsOf(cached);
    expect(stats.pageCache?.renders).toBe(samplePages.length * 2);
    expect(stats.pageCache?.hits).toBeGreaterThanOrEqual(samplePages.length * 2);
    expect(stats.pageCache?.bytes).toBeGreaterThan(0);
    expect((await statsOf(fresh)).pageCache).toBeNull();
  });

  it("answers a page the browser already has with 304", async () => {
    const { etag } = await page(cached, "/detalle/2", "es", "br");
    const again = await fetch(`${cached.baseUrl}/detalle/2`, { headers: { "if-none-match": etag ?? "" } });
    expect(again.status).toBe(304);
  });
});
