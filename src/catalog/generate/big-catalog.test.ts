import { describe, expect, it } from "vitest";
import { builtinCatalogSource } from "../builtin-catalog.ts";
import { importCatalog } from "../import/import-catalog.ts";
import { makeBigCatalog } from "./big-catalog.ts";

describe("the generated big catalogue", () => {
  it("is a valid catalogue file of unique ids and codes, the same each time", () => {
    const records = makeBigCatalog(builtinCatalogSource().products, 2000);
    expect(records).toHaveLength(2000);
    expect(new Set(records.map((r) => r.id)).size).toBe(2000);
    expect(new Set(records.map((r) => r.codigo)).size).toBe(2000);
    const imported = importCatalog(records);
    expect(imported.ok && imported.products).toHaveLength(2000);
    expect(makeBigCatalog(builtinCatalogSource().products, 2000)).toEqual(records);
  });
});
