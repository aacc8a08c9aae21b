import { describe, expect, it } from "vitest";
import { createCatalog } from "#catalog/catalog.ts";
import categoryDetails from "#catalog/data/category-details.json" with { type: "json" };
import products from "#catalog/data/products.json" with { type: "json" };
import type { CatalogueRecord, Product } from "#catalog/product-schema.ts";
import { relatedProducts } from "./catalog-queries.ts";
import { maxPerOrder, toProductDetail } from "./product-views.ts";

const [base] = products;
if (base === undefined) throw new Error("empty catalogue");

/** Products as an imported catalogue may bring them (decision 030): new categories, no picture. */
const pot: CatalogueRecord = {
  ...base,
  id: 1,
  categoria: "Jardín",
  subcategoria: "Macetas",
  edadesoo: "DE 11 A 14 AÑOS",
};
const hose: CatalogueRecord = { ...base, id: 2, categoria: "Jardín", subcategoria: "" };
const bare: CatalogueRecord = {
  ...base,
  id: 3,
  categoria: "",
  subcategoria: "",
  imagen: "",
  codigo: "B-17",
  stock: 5000,
};
const other: CatalogueRecord = { ...base, id: 4, categoria: "", subcategoria: "" };
const imported = [pot, hose, bare, other];
const catalog = createCatalog({ products: imported, categoryDetails });

/** A record as the catalogue serves it: the shop's product, its price in cents. */
function served(record: CatalogueRecord): Product {
  const product = catalog.getProduct(record.id);
  if (product === undefined) throw new Error(`product ${record.id} not served`);
  return product;
}

describe("imported products in the shop's views", () => {
  it("files a product under a new category and age band, and finds its neighbours", () => {
    expect(catalog.listProductsByCategory("Jardín").map((p) => p.id)).toEqual([1, 2]);
    expect(catalog.listProductsByCategory("DE 11 A 14 AÑOS").map((p) => p.id)).toEqual([1]);
    expect(relatedProducts(catalog, served(pot)).map((p) => p.id)).toEqual([2]);
  });

  it("relates no products by an empty category", () => {
    expect(relatedProducts(catalog, served(bare))).toEqual([]);
  });

  it("draws a product without a picture or a known age band, with any stock", () => {
    const stock = new Map([[3, 5000]]);
    const detail = toProductDetail(served(bare), "es", stock, []);
    expect(detail.images).toEqual([base.otrasImagenes[0]?.imagen1].filter((url) => url !== ""));
    expect(detail).toMatchObject({ codigo: "B-17", stock: 5000, maxPerOrder: 5000 });
    expect(toProductDetail(served(pot), "es", stock, []).ageGroups).not.toContain("DE 11 A 14 AÑOS");
    expect(maxPerOrder(served(pot), 3)).toBe(3);
  });
});
