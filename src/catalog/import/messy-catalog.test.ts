import { describe, expect, it } from "vitest";
import { createCatalog } from "../catalog.ts";
import categoryDetails from "../data/category-details.json" with { type: "json" };
import { importCatalog, importSummary } from "./import-catalog.ts";
import { DUPLICATED_ID, FIXED_ID, makeMessyCatalog } from "./messy-catalog.ts";

const messy = makeMessyCatalog();
const ageSlots = ["edades", "edades2", "edadesCio", "edadesoo", "adulto"];

function count(lines: readonly string[], pattern: RegExp): number {
  return lines.filter((line) => pattern.test(line)).length;
}

describe("the messy catalogue fixture", () => {
  it("is the same file every time, as spec §3 describes it", () => {
    expect(JSON.stringify(makeMessyCatalog())).toBe(JSON.stringify(messy));
    expect(messy.length).toBeGreaterThanOrEqual(190);
    const ids = messy.map((record) => Number(record.id));
    expect(ids.toSorted((a, b) => a - b)).toEqual(ids);
    expect([ids[0], ids.at(-1)]).toEqual([1, 206]);
    expect(ids.filter((id) => id === DUPLICATED_ID)).toHaveLength(2);
    expect(messy.filter((record) => !/^A\d{4}$/.test(String(record.codigo)))).toHaveLength(3);
    expect(messy.some((record) => ageSlots.some((slot) => !(slot in record)))).toBe(true);
    expect(messy.some((record) => ageSlots.some((slot) => record[slot] === ""))).toBe(true);
    expect(messy.some((record) => !("informacion" in record))).toBe(true);
    expect(messy.some((record) => record.subcategoria2 === "PACK")).toBe(true);
    expect(messy.some((record) => record.subcategoria === "")).toBe(true);
  });
});

describe("importing the messy catalogue", () => {
  it("refuses the duplicated id and imports nothing", () => {
    expect(importCatalog(messy)).toEqual({
      ok: false,
      errors: [`record 181 (id ${DUPLICATED_ID}) id: already the id of record 180; ids must be unique.`],
    });
  });

  it("with the id fixed, imports every record with exactly the repairs and warnings its quirks call for", () => {
    const result = importCatalog(makeMessyCatalog({ fixDuplicate: true }));
    if (!result.ok) throw new Error(result.errors.join("\n"));
    const { products, repairs, warnings } = result;
    expect(products).toHaveLength(196);
    expect(products.some((product) => product.id === FIXED_ID)).toBe(true);
    expect(count(repairs, /imagen: held joined URLs; .* moved it to imagen2\.$/)).toBe(4);
    expect(count(repairs, /descripcion: held the details/)).toBe(1);
    expect(count(repairs, /subcategoria4: "RegaloRegalo" renamed to "Regalo"\.$/)).toBe(3);
    expect(count(repairs, /subcategoria: "(ROPA DE CAMA|RopaDeCama)" renamed to "RopaCama"\.$/)).toBe(4);
    expect(repairs).toHaveLength(12);
    expect(warnings).toEqual([
      'record 21 (id 23) codigo: "A-0023" is irregular; kept as is.',
      'record 83 (id 88) codigo: "0088" is irregular; kept as is.',
      'record 132 (id 140) codigo: "B17" is irregular; kept as is.',
    ]);
    expect(importSummary(result)).toBe("196 products imported, 12 repairs, 3 warnings");
  });

  it("gives the shop a catalogue whose categories find the repaired products", () => {
    const result = importCatalog(makeMessyCatalog({ fixDuplicate: true }));
    if (!result.ok) throw new Error(result.errors.join("\n"));
    const catalog = createCatalog({ products: result.products, categoryDetails });
    expect(catalog.listProductsByCategory("RopaCama")).toHaveLength(4);
    expect(catalog.listProductsByCategory("Regalo").length).toBeGreaterThanOrEqual(50);
    expect(catalog.listProductsByCategory("PACK").length).toBeGreaterThan(0);
    expect(catalog.getProduct(47)?.detalles).toMatch(/\nMedidas: /);
  });
});
