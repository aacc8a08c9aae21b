import { describe, expect, it } from "vitest";
import { builtinCatalog } from "./builtin-catalog.ts";
import { foldText } from "./fold-text.ts";
import { createProductSearch } from "./search.ts";

const catalog = builtinCatalog();
const search = createProductSearch(catalog.listProducts());

describe("product search", () => {
  it("folds case and accents", () => {
    expect(foldText("PELÚCHE Baño")).toBe("peluche bano");
  });

  it("finds the plush with or without the accent, in any case", () => {
    const plain = search("peluche").map((p) => p.id);
    expect(plain.length).toBeGreaterThan(0);
    expect(search("pelúche").map((p) => p.id)).toEqual(plain);
    expect(search("PELUCHE").map((p) => p.id)).toEqual(plain);
    const plushIds = catalog.listProductsByCategory("Peluche").map((p) => p.id);
    expect(plushIds.every((id) => plain.includes(id))).toBe(true);
  });

  it("tolerates a missing letter", () => {
    const results = search("mochla");
    expect(results.length).toBeGreaterThan(0);
    expect(results[0]?.subcategoria).toBe("Mochila");
  });

  it("finds a product by its code, exactly", () => {
    expect(search("A0012").map((p) => p.codigo)).toEqual(["A0012"]);
    expect(search(" a0012 ").map((p) => p.codigo)).toEqual(["A0012"]);
  });

  it("searches the Portuguese texts too", () => {
    expect(search("caneca").some((p) => p.subcategoria === "Taza")).toBe(true);
  });

  it("returns nothing for blank text or nonsense", () => {
    expect(search("   ")).toEqual([]);
    expect(search("zzqxw")).toEqual([]);
  });
});
