import { describe, expect, it } from "vitest";
import { canonicalCategory } from "./categories.ts";
import { filterByCategory, productMatchesCategory } from "./category-filter.ts";
import type { Product } from "./product-schema.ts";

const base: Product = {
  id: 1,
  codigo: "A0001",
  texto: "Peluche Miaubot",
  imagen: "/media/products/1.svg",
  priceCents: 1995,
  descripcion: "d",
  detalles: "x",
  informacion: "",
  categoria: "Juguete",
  subcategoria: "Peluche",
  subcategoria2: "",
  subcategoria4: "",
  edades: "",
  edades2: "DE 3 A 5 AÑOS",
  edadesCio: "",
  edadesoo: "",
  adulto: "",
  otrasImagenes: [],
  pt: { texto: "t", descripcion: "d", detalles: "x", informacion: "" },
};

describe("the category rule of spec §5", () => {
  it.each([
    ["Juguete", true],
    ["Peluche", true],
    ["DE 3 A 5 AÑOS", true],
    ["DE 1 A 3 AÑOS", false],
    ["Pelicula", false],
    ["", false],
  ])("%s → %s", (category, expected) => {
    expect(productMatchesCategory(base, category)).toBe(expected);
  });

  it("matches subcategoria2 and subcategoria4, and the RegaloRegalo typo as Regalo", () => {
    const film = { ...base, categoria: "Pelicula", subcategoria: "DVD", subcategoria2: "PACK" } as const;
    expect(productMatchesCategory(film, "PACK")).toBe(true);
    expect(productMatchesCategory({ ...base, subcategoria4: "Regalo" }, "Regalo")).toBe(true);
    expect(productMatchesCategory({ ...base, subcategoria4: "Regalo" }, "RegaloRegalo")).toBe(true);
  });

  it("treats the bed-linen variants as one category", () => {
    const sheet = { ...base, categoria: "Hogar", subcategoria: "RopaCama" } as const;
    expect(productMatchesCategory(sheet, "RopaDeCama")).toBe(true);
    expect(productMatchesCategory(sheet, "ROPA DE CAMA")).toBe(true);
  });

  it("returns everything without a category", () => {
    const list = [base, { ...base, id: 2, categoria: "Hogar" as const }];
    expect(filterByCategory(list)).toHaveLength(2);
    expect(filterByCategory(list, "")).toHaveLength(2);
    expect(filterByCategory(list, "Hogar")).toHaveLength(1);
  });
});

describe("category labels", () => {
  it("resolves a variant to its category, and no name an object inherits", () => {
    expect(canonicalCategory(" RopaDeCama ")).toBe("RopaCama");
    for (const label of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      expect(canonicalCategory(label), label).toBeUndefined();
    }
  });
});
