import { afterAll, describe, expect, it } from "vitest";
import { builtinCatalogSource } from "#catalog/builtin-catalog.ts";
import { productFromRecord } from "#catalog/product-schema.ts";
import { searchHere } from "#catalog/search.ts";
import { createLogger } from "../logger.ts";
import { startSearchThread } from "./search-thread.ts";

const products = builtinCatalogSource().products.map(productFromRecord);
const thread = startSearchThread(products, createLogger({ LOG_LEVEL: "silent" }));
afterAll(() => thread.close());
const queries = ["peluche", "PELUCHE", "pelúche", "camiseta", "caneca", "taza miaubot", "mochla", "", "zzzz"];

describe("the search index on its own thread (decision 059)", () => {
  it("answers every search as the index in this thread does", async () => {
    const here = searchHere(products);
    for (const query of queries) expect(await thread.search(query)).toEqual(await here.search(query));
    expect((await thread.search("peluche")).length).toBeGreaterThan(0);
    const [first] = products;
    if (!first) throw new Error("the built-in catalogue is empty");
    expect(await thread.search(first.codigo)).toContain(first.id);
  });

  it("takes changes in order with the searches around them", async () => {
    const [first, second] = products;
    if (!first || !second) throw new Error("the built-in catalogue is too small");
    thread.update([{ ...first, texto: "Zarapito único" }], [second.id]);
    const [renamed, gone] = await Promise.all([thread.search("zarapito"), thread.search(second.codigo)]);
    expect(renamed).toEqual([first.id]);
    expect(gone).not.toContain(second.id);
  });

  it("answers many searches at once, each with its own answer", async () => {
    const [first, second] = products;
    if (!first || !second) throw new Error("the built-in catalogue is too small");
    const here = searchHere(products);
    here.update([{ ...first, texto: "Zarapito único" }], [second.id]);
    const answers = await Promise.all(queries.map((query) => thread.search(query)));
    expect(answers).toEqual(await Promise.all(queries.map((query) => here.search(query))));
  });
});
