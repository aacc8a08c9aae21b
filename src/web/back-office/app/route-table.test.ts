import { describe, expect, it } from "vitest";
import { pageAt } from "./route-table.ts";

describe("the back office's route table", () => {
  it("opens the catalogue's import at its own address, not as a product called «importar»", () => {
    expect(pageAt("/gestion/catalogo/importar")).toEqual({ page: "catalog-import", params: {} });
    expect(pageAt("/gestion/catalogo/61")).toEqual({ page: "catalog-product", params: { id: "61" } });
    expect(pageAt("/gestion/catalogo")).toEqual({ page: "catalog", params: {} });
  });
});
