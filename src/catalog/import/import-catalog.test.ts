import { describe, expect, it } from "vitest";
import products from "../data/products.json" with { type: "json" };
import { importCatalog } from "./import-catalog.ts";

type SourceRecord = Record<string, unknown>;

/** A product of the shop's catalogue as the spec's data has it: Spanish only, no `pt`. */
function specRecord(product: (typeof products)[number], changes: SourceRecord = {}): SourceRecord {
  const record: SourceRecord = { ...structuredClone(product), ...changes };
  delete record.pt;
  return record;
}

/** The first `count` products in spec format (ids 1, 2, 3… and codes A0001, A0002, A0003…). */
function specCatalogue(count: number): SourceRecord[] {
  return products.slice(0, count).map((product) => specRecord(product));
}

function findProduct(test: (product: (typeof products)[number]) => boolean): (typeof products)[number] {
  const product = products.find(test);
  if (product === undefined) throw new Error("fixture product not found");
  return product;
}

function importOk(source: unknown) {
  const result = importCatalog(source);
  if (!result.ok) throw new Error(`import failed: ${result.errors.join("; ")}`);
  return result;
}

const copiedPt = (index: number, id: number) =>
  `record ${index} (id ${id}): no Portuguese texts; Spanish copied.`;
const bedLinen = findProduct((product) => product.subcategoria === "RopaCama");

describe("importCatalog", () => {
  it("round-trips the shop's own catalogue unchanged, without repairs", () => {
    expect(importCatalog(products)).toEqual({ ok: true, products, repairs: [] });
  });

  it("copies the Spanish texts into a missing pt, once per product", () => {
    const [first] = products;
    const { products: imported, repairs } = importOk(specCatalogue(2));
    expect(repairs).toEqual([copiedPt(0, 1), copiedPt(1, 2)]);
    expect(imported[0]?.pt).toEqual({
      texto: first?.texto,
      descripcion: first?.descripcion,
      detalles: first?.detalles,
      informacion: first?.informacion,
    });
  });

  it("repairs subcategoria4 RegaloRegalo to Regalo", () => {
    const gift = findProduct((product) => product.subcategoria4 === "Regalo");
    const { products: imported, repairs } = importOk([specRecord(gift, { subcategoria4: "RegaloRegalo" })]);
    expect(imported[0]?.subcategoria4).toBe("Regalo");
    expect(repairs).toContain(`record 0 (id ${gift.id}): subcategoria4 "RegaloRegalo" renamed to "Regalo".`);
  });

  it.each(["ROPA DE CAMA", "RopaDeCama"])("repairs the bed-linen label %s to RopaCama", (variant) => {
    const { products: imported, repairs } = importOk([specRecord(bedLinen, { subcategoria: variant })]);
    expect(imported[0]?.subcategoria).toBe("RopaCama");
    expect(repairs).toContain(
      `record 0 (id ${bedLinen.id}): subcategoria "${variant}" renamed to "RopaCama".`,
    );
  });

  it("swaps exchanged descripcion and detalles back before copying them to pt", () => {
    const second = findProduct((product) => product.id === 2);
    const source = specCatalogue(3);
    source[1] = specRecord(second, { descripcion: second.detalles, detalles: second.descripcion });
    const { products: imported, repairs } = importOk(source);
    const texts = { descripcion: second.descripcion, detalles: second.detalles };
    expect(imported[1]).toMatchObject({ ...texts, pt: texts });
    expect(repairs).toContain("record 1 (id 2): descripcion and detalles were exchanged; swapped them back.");
  });

  it("splits joined URLs in imagen and in imagen1 into free extra-image slots", () => {
    const record = specRecord(
      findProduct((product) => product.id === 1),
      {
        imagen: "/media/products/1.svg/media/products/1-2.svg",
        otrasImagenes: [
          { imagen1: "https://img.example/a.jpghttps://img.example/b.jpg", imagen2: "", imagen3: "" },
        ],
      },
    );
    const { products: imported, repairs } = importOk([record]);
    expect(imported[0]?.imagen).toBe("/media/products/1.svg");
    expect(imported[0]?.otrasImagenes).toEqual([
      {
        imagen1: "https://img.example/a.jpg",
        imagen2: "/media/products/1-2.svg",
        imagen3: "https://img.example/b.jpg",
      },
    ]);
    expect(repairs.filter((repair) => repair.includes("joined URLs"))).toEqual([
      'record 0 (id 1): imagen held joined URLs; kept "/media/products/1.svg", split off "/media/products/1-2.svg" and moved it to imagen2.',
      'record 0 (id 1): imagen1 held joined URLs; kept "https://img.example/a.jpg", split off "https://img.example/b.jpg" and moved it to imagen3.',
    ]);
  });

  it("stops on a duplicated id, naming both records and nothing else", () => {
    const source = specCatalogue(3);
    source[1] = { ...source[1], id: 190 };
    source[2] = { ...source[2], id: 190 };
    expect(importCatalog(source)).toEqual({
      ok: false,
      errors: ["id 190 is used by records 1 and 2"],
      repairs: [copiedPt(0, 1), copiedPt(1, 190), copiedPt(2, 190)],
    });
  });

  it("stops on an invalid record with the field's message", () => {
    const source = specCatalogue(3);
    source[1] = { ...source[1], precio: 140 };
    delete source[2]?.texto;
    const result = importCatalog(source);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual([
      "record 1 (id 2): precio: Too big: expected number to be <=133.95",
      "record 2 (id 3): texto: Invalid input: expected string, received undefined",
    ]);
  });

  it("reports bad codigo, unknown categoria and records that are not objects", () => {
    const source: unknown[] = specCatalogue(2);
    source[0] = { ...specRecord(bedLinen), codigo: "B12", categoria: "Juguetes" };
    source.push("not a product");
    const result = importCatalog(source);
    expect(!result.ok && result.errors).toEqual([
      `record 0 (id ${bedLinen.id}): codigo: codigo must look like A0001`,
      `record 0 (id ${bedLinen.id}): categoria: Invalid option: expected one of "Juguete"|"Pelicula"|"Escolar"|"Moda"|"Hogar"|"LotesExclusivos"|"Regalo"`,
      "record 2: must be a product object, not a string",
    ]);
  });

  it.each([
    [{ products: [] }, "the catalogue must be a JSON array of products, not an object"],
    [null, "the catalogue must be a JSON array of products, not null"],
    [[], "the catalogue has no products"],
  ])("refuses a source that is not a non-empty array: %j", (source, error) => {
    expect(importCatalog(source)).toEqual({ ok: false, errors: [error], repairs: [] });
  });

  it("keeps repeated codes, noting them among the repairs", () => {
    const source = specCatalogue(3);
    source[2] = { ...source[2], codigo: "A0001" };
    const { products: imported, repairs } = importOk(source);
    expect(imported.map((product) => product.codigo)).toEqual(["A0001", "A0002", "A0001"]);
    expect(repairs).toContain(
      "codigo A0001 is shared by records 0 (id 1) and 2 (id 3); kept as is (the spec allows repeated codes).",
    );
  });

  it("notes unknown fields it drops and sorts products by id", () => {
    const source = specCatalogue(3).reverse();
    source[0] = { ...source[0], oferta: true };
    const { products: imported, repairs } = importOk(source);
    expect(imported.map((product) => product.id)).toEqual([1, 2, 3]);
    expect(imported[2]).not.toHaveProperty("oferta");
    expect(repairs).toContain('record 0 (id 3): dropped unknown field "oferta".');
  });
});
