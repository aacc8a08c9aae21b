import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtinOpeningStock } from "#catalog/builtin-catalog.ts";
import type { CategoryPage, HomeContent, ProductDetail, ProductPage } from "#shared/api/catalog-contract.ts";
import { createTestApi, type TestApi } from "../testing/test-app.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

async function getJson<T>(path: string, status = 200): Promise<T> {
  const response = await api.request(path);
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toContain("application/json");
  return (await response.json()) as T;
}

describe("catalogue API", () => {
  it("reports a healthy database", async () => {
    const body = await getJson<{ status: string; database: { status: string } }>("/api/health");
    expect(body.status).toBe("ok");
    expect(body.database.status).toBe("up");
  });

  it("returns a product with the server's stock and Portuguese texts on request", async () => {
    const product = api.catalog.listProducts()[0];
    if (!product) throw new Error("empty catalogue");
    const es = await getJson<ProductDetail>(`/api/products/${product.id}`);
    expect(es.texto).toBe(product.texto);
    expect(es.stock).toBe(builtinOpeningStock(product.id));
    expect(es.images[0]).toBe(product.imagen);
    const pt = await getJson<ProductDetail>(`/api/products/${product.id}?lang=pt`);
    expect(pt.texto).toBe(product.pt.texto);
    expect(pt.priceCents).toBe(product.priceCents);
  });

  it("answers 404 with a JSON error for an unknown product, 400 for a bad id", async () => {
    const missing = await getJson<{ error: { code: string } }>("/api/products/9999", 404);
    expect(missing.error.code).toBe("product-not-found");
    const bad = await getJson<{ error: { code: string } }>("/api/products/abc", 400);
    expect(bad.error.code).toBe("invalid-request");
  });

  it.each([
    "/api/home?lang=xx",
    "/api/products?lang=xx",
    "/api/products/1?lang=xx",
    "/api/products/1?lang=%ff",
    "/api/categories/Juguete?lang=fr",
    "/api/categories/Juguete?page=-1",
    "/api/search?lang=xx&q=gato",
  ])("answers 400 with a JSON error to the bad query of %s", async (path) => {
    const bad = await getJson<{ error: { code: string } }>(path, 400);
    expect(bad.error.code).toBe("invalid-request");
  });

  it("lists a category sorted by price and paginated", async () => {
    const page = await getJson<CategoryPage>("/api/categories/Juguete?sort=price-asc");
    expect(page.category.name).toBe("Juguete");
    expect(page.total).toBe(api.catalog.listProductsByCategory("Juguete").length);
    const prices = page.items.map((item) => item.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(page.items.length).toBeLessThanOrEqual(24);
  });

  it("treats the bed-linen label variants as one category", async () => {
    const canonical = await getJson<CategoryPage>("/api/categories/RopaCama");
    const variant = await getJson<CategoryPage>("/api/categories/RopaDeCama");
    const spaced = await getJson<CategoryPage>(`/api/categories/${encodeURIComponent("ROPA DE CAMA")}`);
    expect(canonical.total).toBeGreaterThan(0);
    expect(variant.total).toBe(canonical.total);
    expect(spaced.category.name).toBe("RopaCama");
  });

  it("answers 404 for an unknown category and 400 for a bad sort", async () => {
    await getJson("/api/categories/Naves", 404);
    await getJson("/api/categories/Juguete?sort=cheapest", 400);
  });

  it("searches without accents, case or small typos", async () => {
    const plush = await getJson<ProductPage>("/api/search?q=pel%C3%BAche");
    expect(plush.total).toBeGreaterThan(0);
    expect(plush.items.every((item) => item.subcategoria === "Peluche" || /peluche/i.test(item.texto))).toBe(
      true,
    );
    const typo = await getJson<ProductPage>("/api/search?q=mochla");
    expect(typo.items.some((item) => item.subcategoria === "Mochila")).toBe(true);
    const code = await getJson<ProductPage>("/api/search?q=A0012");
    expect(code.items.map((item) => item.codigo)).toEqual(["A0012"]);
  });

  it("rejects a blank search", async () => {
    await getJson("/api/search?q=%20%20", 400);
  });

  it("builds the home page content", async () => {
    const home = await getJson<HomeContent>("/api/home");
    expect(home.featured).toHaveLength(8);
    expect(new Set(home.featured.map((item) => item.categoria)).size).toBe(6);
    expect(home.giftsByAge.map((group) => group.age)).toHaveLength(5);
    expect(home.giftsByAge.every((group) => group.products.length > 0)).toBe(true);
  });
});
