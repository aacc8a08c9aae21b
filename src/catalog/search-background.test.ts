import { describe, expect, it } from "vitest";
import { builtinCatalogSource } from "./builtin-catalog.ts";
import { productFromRecord } from "./product-schema.ts";
import { createProductSearchIndex } from "./search.ts";

const products = builtinCatalogSource().products.map(productFromRecord);
const byId = new Map(products.map((product) => [product.id, product]));
const getProduct = (id: number) => byId.get(id);
const queries = ["peluche", "PELUCHE", "pelúche", "camiseta", "caneca", "taza miaubot", "mochla"];

describe("a search index built in the background (issue 32)", () => {
  it("answers a search before it is filled exactly as one built at once", () => {
    const atOnce = createProductSearchIndex(products);
    for (const query of queries) {
      const early = createProductSearchIndex(products, { inBackground: true });
      expect(early.search(query, getProduct)).toEqual(atOnce.search(query, getProduct));
    }
  });

  it("fills itself between the event loop's turns, and takes updates after", async () => {
    const index = createProductSearchIndex(products, { inBackground: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [first] = products;
    if (!first) throw new Error("the built-in catalogue is empty");
    index.update([{ ...first, texto: "Zarapito único" }], []);
    expect(index.search("zarapito", getProduct).map((product) => product.id)).toEqual([first.id]);
    expect(index.search("peluche", getProduct)).toEqual(
      createProductSearchIndex(products).search("peluche", getProduct),
    );
  });
});
