import { describe, expect, it } from "vitest";
import { catalogHref, catalogSearch, readCatalogAddress } from "./catalog-url.ts";

describe("the catalogue list's address", () => {
  it("reads the search, the category, the state and the page, and writes only what differs from the defaults", () => {
    const read = readCatalogAddress("?q=  gato robot &category=DE+1+A+3+A%C3%91OS&state=hidden&page=2");
    expect(read).toEqual({
      ok: true,
      query: { q: "gato robot", category: "DE 1 A 3 AÑOS", state: "hidden", page: 2 },
    });
    if (!read.ok) return;
    expect(catalogSearch(read.query)).toBe("?q=gato+robot&category=DE+1+A+3+A%C3%91OS&state=hidden&page=2");
    expect(catalogHref({ page: 1 })).toBe("/gestion/catalogo");
    expect(catalogHref({ state: "published", page: 1 })).toBe("/gestion/catalogo?state=published");
  });

  it("takes an empty field of the GET form as no field", () => {
    expect(readCatalogAddress("?q=&category=&state=&page=")).toEqual({ ok: true, query: { page: 1 } });
  });

  it("refuses what the API would refuse", () => {
    expect(readCatalogAddress("?page=0").ok).toBe(false);
    expect(readCatalogAddress("?state=todos").ok).toBe(false);
    expect(readCatalogAddress(`?q=${"a".repeat(101)}`).ok).toBe(false);
  });
});
