import { describe, expect, it } from "vitest";
import { builtinCatalog } from "#catalog/builtin-catalog.ts";
import { catalogOf } from "#catalog/catalog.ts";
import type { Product } from "#catalog/product-schema.ts";
import { seoRoutes } from "./seo.routes.ts";

const ORIGIN = "https://tienda.example";
const template = builtinCatalog().listProducts()[0] as Product;
const manyProducts = (count: number) =>
  catalogOf(
    Array.from({ length: count }, (_, index) => ({ ...template, id: index + 1 })),
    builtinCatalog().listCategoryDetails(),
  );

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? "");

describe("the sitemap", () => {
  it("is one file with both languages of every page while it fits the protocol's 50,000 URLs", async () => {
    const catalog = builtinCatalog();
    const app = seoRoutes(catalog, ORIGIN);
    const answer = await app.request("/sitemap.xml");
    expect(answer.headers.get("content-type")).toContain("application/xml");
    const urls = locs(await answer.text());
    for (const product of catalog.listProducts()) {
      expect(urls).toContain(`${ORIGIN}/detalle/${product.id}`);
      expect(urls).toContain(`${ORIGIN}/detalle/${product.id}?lang=pt`);
    }
    expect((await app.request("/sitemaps/1.xml")).status).toBe(404);
  });

  it("becomes an index of parts past that, each page listed once in one part", async () => {
    const catalog = manyProducts(1000);
    const app = seoRoutes(catalog, ORIGIN, 300);
    const index = await (await app.request("/sitemap.xml")).text();
    expect(index).toContain("<sitemapindex");
    const parts = locs(index);
    expect(parts.length).toBeGreaterThanOrEqual(4);
    const listed: string[] = [];
    for (const part of parts) {
      const answer = await app.request(new URL(part).pathname);
      expect(answer.status, part).toBe(200);
      const urls = locs(await answer.text());
      expect(urls.length).toBeLessThanOrEqual(600);
      listed.push(...urls);
    }
    expect(new Set(listed).size).toBe(listed.length);
    for (let id = 1; id <= 1000; id++) expect(listed).toContain(`${ORIGIN}/detalle/${id}?lang=pt`);
    expect((await app.request(`/sitemaps/${parts.length + 1}.xml`)).status).toBe(404);
    expect((await app.request("/sitemaps/0.xml")).status).toBe(404);
  });
});
