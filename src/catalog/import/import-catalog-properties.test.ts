import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ageGroups, subCategories, topCategories } from "../categories.ts";
import { PRICE_LIMIT, PRODUCT_ID_MAX } from "../product-schema.ts";
import { importCatalog } from "./import-catalog.ts";

/** Text as spec §3 allows it, any Unicode included. */
const text = fc.oneof(fc.string(), fc.string({ unit: "grapheme" }));
const title = text.filter((value) => value.trim() !== "");
const url = fc.oneof(
  fc.webUrl(),
  fc.nat({ max: 300 }).map((n) => `/media/products/${n}.svg`),
  fc.constantFrom("https://imagenes.example/a.jpg", "https://imagenes.example/b.png"),
);
/** Spec §3: "some image values are two URLs joined together". */
const picture = fc.oneof(
  url,
  fc.tuple(url, url).map(([a, b]) => a + b),
  fc.constant(""),
);
const specCategory = fc.constantFrom(
  ...topCategories,
  ...subCategories,
  "ROPA DE CAMA",
  "RopaDeCama",
  "RegaloRegalo",
);
/** Empty, absent (fc.record's optional keys) or null where spec §3 allows none. */
const emptyish = fc.constantFrom("", null);
const category = fc.oneof(specCategory, text);
const ageSlot = fc.oneof(fc.constantFrom(...ageGroups), emptyish);
const price = fc.oneof(
  fc.integer({ min: 0, max: PRICE_LIMIT * 100 }).map((cents) => cents / 100),
  fc.double({ min: 0, max: PRICE_LIMIT, noNaN: true }),
);

const record = (id: number) =>
  fc.record(
    {
      id: fc.constant(id),
      codigo: fc.oneof(
        fc.nat({ max: 9999 }).map((n) => `A${String(n).padStart(4, "0")}`),
        text,
      ),
      texto: title,
      imagen: picture,
      precio: price,
      descripcion: text,
      detalles: text,
      informacion: fc.oneof(text, emptyish),
      stock: fc.nat(),
      categoria: category,
      subcategoria: fc.oneof(category, emptyish),
      subcategoria2: fc.oneof(fc.constantFrom("PACK", "DVD"), emptyish),
      subcategoria4: fc.oneof(fc.constantFrom("Regalo", "RegaloRegalo"), emptyish),
      edades: ageSlot,
      edades2: ageSlot,
      edadesCio: ageSlot,
      edadesoo: ageSlot,
      adulto: ageSlot,
      otrasImagenes: fc.array(fc.record({ imagen1: picture, imagen2: picture, imagen3: picture }), {
        maxLength: 1,
      }),
    },
    {
      requiredKeys: [
        "id",
        "codigo",
        "texto",
        "imagen",
        "precio",
        "descripcion",
        "detalles",
        "stock",
        "categoria",
      ],
    },
  );

/** A catalogue file: records with distinct ids, in any order. */
const catalogue = fc
  .uniqueArray(fc.integer({ min: 1, max: PRODUCT_ID_MAX }), { minLength: 1, maxLength: 12 })
  .chain((ids) => fc.tuple(...ids.map(record)));

describe("importCatalog on any catalogue spec §3 allows", () => {
  it("imports every record without an error", () => {
    fc.assert(
      fc.property(catalogue, (records) => {
        const result = importCatalog(records);
        expect(result.ok ? [] : result.errors).toEqual([]);
        expect(result.ok && result.products).toHaveLength(records.length);
      }),
    );
  });

  it("gives the same catalogue for the same file, and leaves the file as it was", () => {
    fc.assert(
      fc.property(catalogue, (records) => {
        const before = structuredClone(records);
        expect(importCatalog(records)).toEqual(importCatalog(structuredClone(records)));
        expect(records).toEqual(before);
      }),
    );
  });

  it("imports its own output to the same catalogue, with nothing left to repair", () => {
    fc.assert(
      fc.property(catalogue, (records) => {
        const first = importCatalog(records);
        if (!first.ok) throw new Error(first.errors.join("\n"));
        const again = importCatalog(JSON.parse(JSON.stringify(first.products)));
        expect(again.ok && again.products).toEqual(first.products);
        expect(again.ok && again.repairs).toEqual([]);
      }),
    );
  });
});
