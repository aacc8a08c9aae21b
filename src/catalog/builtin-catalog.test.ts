import { describe, expect, it } from "vitest";
import { builtinCatalog, builtinOpeningStock } from "./builtin-catalog.ts";
import { ageGroups, categoryTree, isAgeGroup, subCategories, topCategories } from "./categories.ts";
import { centsFromEuros } from "./euros.ts";
import { CATALOGUE_STOCK_LEVELS, PRICE_MAX, PRICE_MIN } from "./product-schema.ts";

const catalog = builtinCatalog();
const products = catalog.listProducts();

describe("the built-in catalogue", () => {
  it("has about two hundred products with unique ids and codes", () => {
    expect(products.length).toBeGreaterThanOrEqual(190);
    expect(new Set(products.map((p) => p.id)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.codigo)).size).toBe(products.length);
  });

  // The shop's schema takes any price, stock, code and category an import brings (decision 030);
  // the built-in catalogue keeps to the spec's narrower facts.
  it("keeps prices and stock within the spec's limits", () => {
    const [min, max] = [centsFromEuros(PRICE_MIN), centsFromEuros(PRICE_MAX)];
    for (const product of products) {
      expect(product.priceCents).toBeGreaterThanOrEqual(min);
      expect(product.priceCents).toBeLessThanOrEqual(max);
      expect(CATALOGUE_STOCK_LEVELS).toContain(builtinOpeningStock(product.id));
    }
    expect(products.some((p) => p.priceCents === min)).toBe(true);
    expect(products.some((p) => p.priceCents === max)).toBe(true);
  });

  it("uses codes such as A0001 and only the categories and age bands of the menu", () => {
    const top: readonly string[] = topCategories;
    const sub: readonly string[] = ["", ...subCategories];
    for (const product of products) {
      expect(product.codigo, `product ${product.id}`).toMatch(/^A\d{4}$/);
      expect(top, `product ${product.id}`).toContain(product.categoria);
      expect(sub, `product ${product.id}`).toContain(product.subcategoria);
      expect(["", "PACK", "DVD"], `product ${product.id}`).toContain(product.subcategoria2);
      expect(["", "Regalo"], `product ${product.id}`).toContain(product.subcategoria4);
      const ages = [product.edades, product.edades2, product.edadesCio, product.edadesoo, product.adulto];
      for (const age of ages)
        expect(age === "" || isAgeGroup(age), `product ${product.id}: ${age}`).toBe(true);
    }
  });

  it("gives every product a picture and the texts of both languages", () => {
    for (const product of products) {
      expect(product.imagen, `product ${product.id}`).toMatch(/^\/media\/products\/.+\.svg$/);
      for (const text of [
        product.descripcion,
        product.detalles,
        product.pt.descripcion,
        product.pt.detalles,
      ]) {
        expect(text, `product ${product.id}`).not.toBe("");
      }
    }
  });

  it("tags the whole gift range 157–206 as Regalo with stock 20", () => {
    for (let id = 157; id <= 206; id++) {
      const product = catalog.getProduct(id);
      expect(product, `product ${id}`).toBeDefined();
      expect(product?.subcategoria4).toBe("Regalo");
      expect(builtinOpeningStock(id)).toBe(20);
    }
  });

  it("reaches every category of the menu, age groups included", () => {
    const names = [...topCategories, ...subCategories, ...ageGroups];
    for (const name of names) {
      expect(catalog.listProductsByCategory(name).length, name).toBeGreaterThan(0);
      expect(catalog.getCategoryDetail(name), name).toBeDefined();
    }
    expect(categoryTree.map((node) => node.name)).toEqual([...topCategories]);
  });

  it("warns about small parts where a product says it has them, in both languages", () => {
    const warned = products.filter((p) => p.informacion.includes("menores de 3 años"));
    expect(warned.length).toBeGreaterThan(0);
    for (const product of warned) expect(product.pt.informacion).toMatch(/menos de 3 anos/);
  });

  it("offers helmets in the spec's sizes", () => {
    const helmets = products.filter((p) => /^casco/i.test(p.texto));
    expect(helmets.length).toBeGreaterThan(0);
    expect(helmets.map((p) => p.detalles).join(" ")).toMatch(/5[3-9]-(5[4-9]|60)/);
  });

  it("finds a product by numeric id and nothing for an unknown one", () => {
    const first = products[0];
    expect(first && catalog.getProduct(first.id)).toBe(first);
    expect(catalog.getProduct(99999)).toBeUndefined();
  });
});
