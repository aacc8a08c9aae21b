import { describe, expect, it } from "vitest";
import products from "../data/products.json" with { type: "json" };
import { pictureProblem, productWarnings } from "./product-warnings.ts";

describe("pictureProblem", () => {
  it.each([
    "",
    "https://img.example/a.jpg",
    "/media/products/1.svg",
    "/media/fotos/1.jpg",
    "data:image/png;base64,AA",
  ])("lets %j through", (url) => expect(pictureProblem(url)).toBeUndefined());

  it("names what the shop's pages will not show", () => {
    expect(pictureProblem("http://img.example/a.jpg")).toMatch(/^is not https/);
    expect(pictureProblem("fotos/a.jpg")).toMatch(/^is neither an https:\/\/ address nor a \/media\/ path/);
    expect(pictureProblem("/fotos/a.jpg")).toMatch(/^is neither/);
  });
});

describe("productWarnings", () => {
  const [product] = products;
  if (product === undefined) throw new Error("no built-in product");

  it("finds nothing to say about the shop's own products", () => {
    for (const own of products) expect(productWarnings(own)).toEqual([]);
  });

  it("names each missing text and each picture that will not show", () => {
    const notes = productWarnings({
      ...product,
      codigo: "",
      descripcion: "",
      categoria: "",
      otrasImagenes: [{ imagen1: "http://img.example/b.jpg", imagen2: "", imagen3: "" }],
    });
    expect(notes.map((note) => note.field)).toEqual(["codigo", "descripcion", "categoria", "imagen1"]);
    expect(notes.every((note) => note.kind === "warning")).toBe(true);
  });
});
