import { and, eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtinCatalogSource } from "#catalog/builtin-catalog.ts";
import { makeBigCatalog } from "#catalog/generate/big-catalog.ts";
import type { CatalogueRecord } from "#catalog/product-schema.ts";
import { catalogProduct } from "../db/catalog-schema.ts";
import { productStock, stockMovement } from "../db/schema.ts";
import { createTestApi, type TestApi } from "../testing/test-app.ts";
import { ROWS_PER_BATCH } from "./catalog-bulk-write.ts";
import { applyCatalogImport } from "./catalog-import.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const builtin = builtinCatalogSource().products;
/** New products past the built-in ids: two batches and some, so batches meet inside them. */
const NEW_COUNT = 2 * ROWS_PER_BATCH + 37;
const newProducts = makeBigCatalog(builtin, NEW_COUNT).map((record) => ({
  ...record,
  id: record.id + 100_000,
}));
/** Built-in products whose price the first file changes: every fifth one. */
const dearer = (record: CatalogueRecord) => (record.id % 5 === 0 ? { ...record, precio: 77.77 } : record);

const versions = async () =>
  new Map(
    (
      await api.database.db
        .select({ id: catalogProduct.id, version: catalogProduct.version })
        .from(catalogProduct)
    ).map((row) => [row.id, row.version]),
  );

describe("an import of more products than one batch (issue 32)", () => {
  it("adds, changes and leaves each product as the plan says, with opening stock for the new ones", async () => {
    const before = await versions();
    const outcome = await applyCatalogImport(api.database.db, [...builtin.map(dearer), ...newProducts], {
      hideMissing: false,
    });
    if (!outcome.ok) throw new Error(outcome.error);
    const { plan } = outcome;
    const changedIds = builtin.filter((record) => record.id % 5 === 0).map((record) => record.id);
    expect(plan.added).toEqual(newProducts.map((record) => record.id));
    expect(plan.changed).toEqual(changedIds);
    expect(plan.unchanged).toHaveLength(builtin.length - changedIds.length);
    const after = await versions();
    for (const id of changedIds) expect(after.get(id)).toBe((before.get(id) ?? 0) + 1);
    for (const id of plan.unchanged) expect(after.get(id)).toBe(before.get(id));
    const written = await api.database.db
      .select({ id: catalogProduct.id })
      .from(catalogProduct)
      .where(eq(catalogProduct.revision, plan.revision));
    expect(written.map((row) => row.id).toSorted((a, b) => a - b)).toEqual([...changedIds, ...plan.added]);

    await api.catalog.refresh();
    expect(api.catalog.getProduct(5)?.priceCents).toBe(7777);
    for (const record of [newProducts[0], newProducts[ROWS_PER_BATCH], newProducts.at(-1)]) {
      expect(api.catalog.getProduct(record?.id ?? 0)?.texto).toBe(record?.texto);
    }
    const [stock] = await api.database.db
      .select({ units: sql<number>`sum(${productStock.available})::int`, rows: sql<number>`count(*)::int` })
      .from(productStock)
      .where(gt(productStock.productId, 100_000));
    const opening = newProducts.reduce((sum, record) => sum + record.stock, 0);
    expect(stock).toEqual({ units: opening, rows: NEW_COUNT });
    const [ledger] = await api.database.db
      .select({ units: sql<number>`sum(${stockMovement.change})::int` })
      .from(stockMovement)
      .where(and(gt(stockMovement.productId, 100_000), eq(stockMovement.reason, "opening")));
    expect(ledger?.units).toBe(opening);
  });

  it("changes products on both sides of a batch's edge and hides what the file lacks", async () => {
    const edge = new Set([ROWS_PER_BATCH - 1, ROWS_PER_BATCH, NEW_COUNT - 1].map((index) => index + 100_001));
    const file = newProducts.map((record) =>
      edge.has(record.id) ? { ...record, texto: `${record.texto} nuevo` } : record,
    );
    const before = await versions();
    const outcome = await applyCatalogImport(api.database.db, file, { hideMissing: true });
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.plan.added).toEqual([]);
    expect(outcome.plan.changed).toEqual([...edge]);
    expect(outcome.plan.unchanged).toHaveLength(NEW_COUNT - edge.size);
    expect(outcome.plan.missing).toEqual(builtin.map((record) => record.id));
    const after = await versions();
    for (const id of edge) expect(after.get(id)).toBe((before.get(id) ?? 0) + 1);
    await api.catalog.refresh();
    expect(api.catalog.getProduct(builtin[0]?.id ?? 0)).toBeUndefined();
    expect(api.catalog.getProduct(100_000 + ROWS_PER_BATCH)?.texto).toMatch(/ nuevo$/);
  });

  it("applied once more, finds every product unchanged and writes none", async () => {
    const outcome = await applyCatalogImport(api.database.db, newProducts, { hideMissing: false });
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.plan.changed).toHaveLength(3);
    const again = await applyCatalogImport(api.database.db, newProducts, { hideMissing: false });
    if (!again.ok) throw new Error(again.error);
    expect(again.plan.unchanged).toHaveLength(NEW_COUNT);
    const written = await api.database.db
      .select({ id: catalogProduct.id })
      .from(catalogProduct)
      .where(eq(catalogProduct.revision, again.plan.revision));
    expect(written).toEqual([]);
  });
});
