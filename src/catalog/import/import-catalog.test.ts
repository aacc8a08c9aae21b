import { describe, expect, it } from "vitest";
import products from "../data/products.json" with { type: "json" };
import { importCatalog, importSummary } from "./import-catalog.ts";

type SourceRecord = Record<string, unknown>;
type BuiltinProduct = (typeof products)[number];

/** A product of the shop's catalogue as the spec's data has it: Spanish only, no `pt`. */
function specRecord(product: BuiltinProduct | undefined, changes: SourceRecord = {}): SourceRecord {
  if (product === undefined) throw new Error("fixture product not found");
  const { pt: _pt, ...spanish } = structuredClone(product);
  return { ...spanish, ...changes };
}

/** The first `count` products in spec format (ids 1, 2, 3… and codes A0001, A0002, A0003…). */
function specCatalogue(count: number): SourceRecord[] {
  return products.slice(0, count).map((product) => specRecord(product));
}

function importOk(source: unknown) {
  const result = importCatalog(source);
  if (!result.ok) throw new Error(`import failed: ${result.errors.join("; ")}`);
  return result;
}

function importErrors(source: unknown): string[] {
  const result = importCatalog(source);
  if (result.ok) throw new Error("import succeeded");
  return result.errors;
}

const first = products[0];
const bedLinen = products.find((product) => product.subcategoria === "RopaCama");
const gift = products.find((product) => product.subcategoria4 === "Regalo");

describe("importCatalog: what it accepts", () => {
  it("round-trips the shop's own catalogue unchanged, without repairs or warnings", () => {
    expect(importCatalog(products)).toEqual({ ok: true, products, repairs: [], warnings: [] });
  });

  it("copies the Spanish texts into a missing pt without a note", () => {
    const { products: imported, repairs, warnings } = importOk(specCatalogue(2));
    expect([repairs, warnings]).toEqual([[], []]);
    expect(imported[0]?.pt).toEqual({
      texto: first?.texto,
      descripcion: first?.descripcion,
      detalles: first?.detalles,
      informacion: first?.informacion,
    });
  });

  it("takes absent optional fields as none, silently", () => {
    const record = specRecord(first);
    for (const field of ["edades", "edades2", "edadesCio", "edadesoo", "adulto", "subcategoria2"]) {
      delete record[field];
    }
    for (const field of ["subcategoria4", "informacion", "otrasImagenes"]) delete record[field];
    const { products: imported, repairs, warnings } = importOk([record]);
    expect([repairs, warnings]).toEqual([[], []]);
    expect(imported[0]).toMatchObject({
      edades: "",
      edades2: "",
      edadesCio: "",
      edadesoo: "",
      adulto: "",
      subcategoria2: "",
      subcategoria4: "",
      informacion: "",
      otrasImagenes: [],
    });
  });

  it("writes null as empty, one repair per field, naming record, id and field", () => {
    const { products: imported, repairs } = importOk([
      specRecord(first, { edades2: null, informacion: null }),
    ]);
    expect(imported[0]).toMatchObject({ edades2: "", informacion: "" });
    expect(repairs).toEqual([
      "record 0 (id 1) informacion: null; written as empty.",
      "record 0 (id 1) edades2: null; written as empty.",
    ]);
  });

  it.each([
    ["subcategoria2", "PACK"],
    ["subcategoria2", "DVD"],
    ["subcategoria2", ""],
    ["subcategoria", ""],
    ["subcategoria4", "Regalo"],
    ["edades", "DE 1 A 3 AÑOS"],
    ["adulto", "ADULTOS"],
    ["categoria", "LotesExclusivos"],
  ])("accepts %s %j as it is", (field, value) => {
    const { products: imported, repairs, warnings } = importOk([specRecord(first, { [field]: value })]);
    expect([repairs, warnings]).toEqual([[], []]);
    expect(imported[0]).toMatchObject({ [field]: value });
  });

  it.each([
    ["subcategoria4", "RegaloRegalo", "Regalo"],
    ["subcategoria", "ROPA DE CAMA", "RopaCama"],
    ["subcategoria", "RopaDeCama", "RopaCama"],
    ["categoria", "Película", "Pelicula"],
    ["edadesCio", "de 5 a 8 años", "DE 5 A 8 AÑOS"],
  ])("renames %s %j to the shop's %j", (field, value, canonical) => {
    const { products: imported, repairs } = importOk([specRecord(bedLinen ?? gift, { [field]: value })]);
    expect(imported[0]).toMatchObject({ [field]: canonical });
    expect(repairs).toEqual([
      `record 0 (id ${bedLinen?.id}) ${field}: ${JSON.stringify(value)} renamed to ${JSON.stringify(canonical)}.`,
    ]);
  });

  it("keeps an unknown category and sub-category as new ones, with a warning each", () => {
    const { products: imported, warnings } = importOk([
      specRecord(first, { categoria: "Jardín", subcategoria: "Macetas" }),
    ]);
    expect(imported[0]).toMatchObject({ categoria: "Jardín", subcategoria: "Macetas" });
    expect(warnings).toEqual([
      'record 0 (id 1) categoria: "Jardín" is not a category the shop knows; kept as a new one (no menu entry or page).',
      'record 0 (id 1) subcategoria: "Macetas" is not a sub-category the shop knows; kept as a new one (no menu entry or page).',
    ]);
  });

  it("keeps irregular codes with a warning, and repeated codes without one", () => {
    const source = specCatalogue(3);
    source[1] = { ...source[1], codigo: "B-17" };
    source[2] = { ...source[2], codigo: "A0001" };
    const { products: imported, warnings } = importOk(source);
    expect(imported.map((product) => product.codigo)).toEqual(["A0001", "B-17", "A0001"]);
    expect(warnings).toEqual(['record 1 (id 2) codigo: "B-17" is irregular; kept as is.']);
  });

  it("swaps exchanged descripcion and detalles back before copying them to pt", () => {
    const second = products[1];
    const source = specCatalogue(3);
    source[1] = specRecord(second, { descripcion: second?.detalles, detalles: second?.descripcion });
    const { products: imported, repairs } = importOk(source);
    const texts = { descripcion: second?.descripcion, detalles: second?.detalles };
    expect(imported[1]).toMatchObject({ ...texts, pt: texts });
    expect(repairs).toEqual([
      "record 1 (id 2) descripcion: held the details, and detalles the description; swapped them back.",
    ]);
  });

  it("splits joined URLs in imagen and in imagen1 into free extra-image slots", () => {
    const record = specRecord(first, {
      imagen: "/media/products/1.svg/media/products/1-2.svg",
      otrasImagenes: [
        { imagen1: "https://img.example/a.jpghttps://img.example/b.jpg", imagen2: "", imagen3: "" },
      ],
    });
    const { products: imported, repairs } = importOk([record]);
    expect(imported[0]?.imagen).toBe("/media/products/1.svg");
    expect(imported[0]?.otrasImagenes).toEqual([
      {
        imagen1: "https://img.example/a.jpg",
        imagen2: "/media/products/1-2.svg",
        imagen3: "https://img.example/b.jpg",
      },
    ]);
    expect(repairs).toEqual([
      'record 0 (id 1) imagen: held joined URLs; kept "/media/products/1.svg", split off "/media/products/1-2.svg" and moved it to imagen2.',
      'record 0 (id 1) imagen1: held joined URLs; kept "https://img.example/a.jpg", split off "https://img.example/b.jpg" and moved it to imagen3.',
    ]);
  });

  it("rounds a price to the cent, warns outside the spec's range, and takes any stock", () => {
    const source = specCatalogue(3);
    source[0] = { ...source[0], precio: 12.499 };
    source[1] = { ...source[1], precio: 0, stock: 5000 };
    source[2] = { ...source[2], precio: 250 };
    delete source[2]?.stock;
    const { products: imported, repairs, warnings } = importOk(source);
    expect(imported.map(({ precio, stock }) => [precio, stock])).toEqual([
      [12.5, 100],
      [0, 5000],
      [250, 0],
    ]);
    expect(repairs).toEqual(["record 0 (id 1) precio: 12.499 rounded to the cent: 12.5."]);
    expect(warnings).toEqual([
      "record 1 (id 2) precio: 0 € is outside the spec's range 1.50–133.95 €; kept as is.",
      "record 2 (id 3) stock: missing; imported as 0 (out of stock).",
      "record 2 (id 3) precio: 250 € is outside the spec's range 1.50–133.95 €; kept as is.",
    ]);
  });

  it("drops unknown fields with a warning and sorts products by id", () => {
    const source = specCatalogue(3).reverse();
    source[0] = { ...source[0], oferta: true };
    const { products: imported, warnings } = importOk(source);
    expect(imported.map((product) => product.id)).toEqual([1, 2, 3]);
    expect(imported[2]).not.toHaveProperty("oferta");
    expect(warnings).toEqual(["record 0 (id 3) oferta: not a field of the catalogue format; dropped."]);
  });

  it("sums up in one line", () => {
    const result = importOk([specRecord(first, { codigo: "B-17", subcategoria4: "RegaloRegalo" })]);
    expect(importSummary(result)).toBe("1 products imported, 1 repairs, 1 warnings");
  });
});

describe("importCatalog: what stops it", () => {
  it.each([
    [{ id: undefined }, "record 1 id: missing; every product needs an id."],
    [{ id: "2" }, 'record 1 (id "2") id: "2" is not a number.'],
    [{ id: 2.5 }, "record 1 (id 2.5) id: 2.5 is not a whole number."],
    [{ id: 0 }, "record 1 (id 0) id: 0 is not a positive number."],
    [{ texto: undefined }, "record 1 (id 2) texto: missing; every product needs a title."],
    [{ texto: "  " }, "record 1 (id 2) texto: blank; every product needs a title."],
    [{ precio: null }, "record 1 (id 2) precio: missing; every product needs a price."],
    [{ precio: "12,95" }, 'record 1 (id 2) precio: "12,95" is not a number.'],
    [{ precio: -1 }, "record 1 (id 2) precio: -1 is negative."],
    [{ precio: 25_000 }, "record 1 (id 2) precio: 25000 is above the shop's limit of 10000 €."],
    [{ stock: -3 }, "record 1 (id 2) stock: -3 is negative."],
    [{ stock: 1.5 }, "record 1 (id 2) stock: 1.5 is not a whole number of units."],
  ])("refuses %j with one line, and imports nothing", (change, error) => {
    const source = specCatalogue(3);
    source[1] = { ...source[1], ...change };
    expect(importCatalog(source)).toEqual({ ok: false, errors: [error] });
  });

  it("refuses a duplicated id, naming the later record", () => {
    const source = specCatalogue(3);
    source[1] = { ...source[1], id: 190 };
    source[2] = { ...source[2], id: 190 };
    expect(importErrors(source)).toEqual([
      "record 2 (id 190) id: already the id of record 1; ids must be unique.",
    ]);
  });

  it("lists every unusable record, and records that are not objects", () => {
    const source: unknown[] = specCatalogue(2);
    source[0] = specRecord(first, { precio: undefined });
    source.push("not a product", null);
    expect(importErrors(source)).toEqual([
      "record 0 (id 1) precio: missing; every product needs a price.",
      "record 2: a string, not a product object.",
      "record 3: null, not a product object.",
    ]);
  });

  it.each([
    [{ products: [] }, "the catalogue must be a JSON array of products, not an object."],
    [null, "the catalogue must be a JSON array of products, not null."],
    [[], "the catalogue has no products."],
  ])("refuses a source that is not a non-empty array: %j", (source, error) => {
    expect(importCatalog(source)).toEqual({ ok: false, errors: [error] });
  });
});
