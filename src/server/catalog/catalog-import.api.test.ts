import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtinCatalogSource } from "#catalog/builtin-catalog.ts";
import type { CatalogueRecord } from "#catalog/product-schema.ts";
import { catalogProduct } from "../db/catalog-schema.ts";
import { productStock } from "../db/schema.ts";
import { createTestApi, type TestApi } from "../testing/test-app.ts";
import { applyCatalogImport, previewCatalogImport } from "./catalog-import.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const NEW_ID = 9001;

/** The built-in catalogue as a file: product 2 dearer, product 4 left out, one product new. */
function editedFile(): CatalogueRecord[] {
  const records = builtinCatalogSource().products.filter((record) => record.id !== 4);
  const dearer = records.map((record) => (record.id === 2 ? { ...record, precio: 99.95 } : record));
  const base = records[0] as CatalogueRecord;
  return [...dearer, { ...base, id: NEW_ID, codigo: "N9001", texto: "Taza nueva de Miaubot", stock: 12 }];
}

const versionOf = async (id: number) =>
  (await api.database.db.select().from(catalogProduct).where(eq(catalogProduct.id, id)))[0]?.version;

describe("a catalogue file imported into the database (decision 053)", () => {
  it("previews what it would add, change and leave, and writes nothing", async () => {
    const outcome = await previewCatalogImport(api.database.db, editedFile());
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.plan.added).toEqual([NEW_ID]);
    expect(outcome.plan.changed).toEqual([2]);
    expect(outcome.plan.missing).toEqual([4]);
    expect(outcome.plan.unchanged).toHaveLength(builtinCatalogSource().products.length - 2);
    expect(outcome.plan.revision).toBe(api.catalog.revision());
    expect(api.catalog.getProduct(NEW_ID)).toBeUndefined();
  });

  it("refuses a file with an unusable record, and a plan made before the catalogue changed", async () => {
    const bad = await applyCatalogImport(api.database.db, [{ id: "x" }], { hideMissing: false });
    expect(bad).toMatchObject({ ok: false, error: "catalog-invalid" });
    const stale = await applyCatalogImport(api.database.db, editedFile(), {
      hideMissing: false,
      expectedRevision: api.catalog.revision() - 1,
    });
    expect(stale).toMatchObject({ ok: false, error: "catalog-changed" });
    await api.catalog.refresh();
    expect(api.catalog.getProduct(NEW_ID)).toBeUndefined();
  });

  it("applies it as one revision: the new product with its stock, the changed one, the missing one hidden", async () => {
    const unchangedVersion = await versionOf(1);
    const changedVersion = await versionOf(2);
    const outcome = await applyCatalogImport(api.database.db, editedFile(), {
      hideMissing: true,
      expectedRevision: api.catalog.revision(),
    });
    if (!outcome.ok) throw new Error(outcome.error);
    await api.catalog.refresh();
    expect(api.catalog.revision()).toBe(outcome.plan.revision);
    expect(api.catalog.getProduct(NEW_ID)?.texto).toBe("Taza nueva de Miaubot");
    expect(api.catalog.getProduct(2)?.priceCents).toBe(9995);
    expect(api.catalog.getProduct(4)).toBeUndefined();
    expect(await versionOf(1)).toBe(unchangedVersion);
    expect(await versionOf(2)).toBe((changedVersion ?? 0) + 1);
    const [stock] = await api.database.db
      .select()
      .from(productStock)
      .where(eq(productStock.productId, NEW_ID));
    expect(stock?.available).toBe(12);
    const page = await api.request(`/api/products/${NEW_ID}`);
    expect(page.status).toBe(200);
    expect((await api.request("/api/products/4")).status).toBe(404);
  });

  it("applied again, changes nothing and keeps the stock the shop has", async () => {
    await api.database.db
      .update(productStock)
      .set({ available: 3 })
      .where(eq(productStock.productId, NEW_ID));
    const outcome = await applyCatalogImport(api.database.db, editedFile(), { hideMissing: true });
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.plan.added).toEqual([]);
    expect(outcome.plan.changed).toEqual([]);
    expect(outcome.plan.missing).toEqual([]);
    const [stock] = await api.database.db
      .select()
      .from(productStock)
      .where(eq(productStock.productId, NEW_ID));
    expect(stock?.available).toBe(3);
  });
});
