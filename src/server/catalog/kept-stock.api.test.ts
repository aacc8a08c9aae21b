import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { productStock } from "../db/schema.ts";
import { createTestApi, type TestApi } from "../testing/test-app.ts";

/** What these tests read of the catalogue's answers: the stock they show. */
const stockShown = z.object({ stock: z.number(), related: z.array(z.object({ id: z.number() })) });
const listShown = z.object({ items: z.array(z.object({ id: z.number(), stock: z.number() })) });

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ keptStock: true });
});
afterAll(() => api.close());

async function shownStock(productId: number): Promise<number> {
  const response = await api.request(`/api/products/${productId}`);
  expect(response.status).toBe(200);
  return stockShown.parse(await response.json()).stock;
}

const setStock = (productId: number, available: number) =>
  api.database.db.update(productStock).set({ available }).where(eq(productStock.productId, productId));

describe("the catalogue's stock kept in memory (decision 058)", () => {
  it("shows a change made outside this process once the database announces it", async () => {
    const [product] = api.catalog.listProducts();
    if (!product) throw new Error("empty catalogue");
    await setStock(product.id, 7);
    await expect.poll(() => shownStock(product.id)).toBe(7);
    // Any writer, here a bare statement as another machine's process would send it.
    await setStock(product.id, 0);
    await expect.poll(() => shownStock(product.id)).toBe(0);
    await setStock(product.id, 3);
    await expect.poll(() => shownStock(product.id)).toBe(3);
  });

  it("keeps lists and product pages in step with each other", async () => {
    const page = listShown.parse(await (await api.request("/api/categories/Peluche?lang=es")).json());
    const [first] = page.items;
    if (!first) throw new Error("empty category");
    await setStock(first.id, 11);
    await expect
      .poll(async () => {
        const list = listShown.parse(await (await api.request("/api/categories/Peluche?lang=es")).json());
        return list.items.find((item) => item.id === first.id)?.stock;
      })
      .toBe(11);
    expect(await shownStock(first.id)).toBe(11);
  });
});
