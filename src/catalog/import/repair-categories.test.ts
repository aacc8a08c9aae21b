import { describe, expect, it } from "vitest";
import { knownCategory, repairCategoryLabels } from "./repair-categories.ts";
import { sourceRecord } from "./test-records.ts";

describe("knownCategory", () => {
  it.each([
    ["Juguete", "Juguete"],
    ["juguete", "Juguete"],
    ["Película", "Pelicula"],
    ["Bano", "Baño"],
    ["Lotes Exclusivos", "LotesExclusivos"],
    ["RegaloRegalo", "Regalo"],
    ["ROPA DE CAMA", "RopaCama"],
    ["Ropa de cama", "RopaCama"],
    ["de 8 a 11 años", "DE 8 A 11 AÑOS"],
  ])("%j is the shop's %j", (label, name) => expect(knownCategory(label)).toBe(name));

  it.each(["Juguetes", "Jardín", "constructor", "__proto__", "DE 11 A 14 AÑOS"])("%j is unknown", (label) => {
    expect(knownCategory(label)).toBeUndefined();
  });
});

describe("repairCategoryLabels", () => {
  it("returns an equal record and no notes when every label is the shop's own or empty", () => {
    const record = sourceRecord({ categoria: "Pelicula", subcategoria: "", subcategoria2: "PACK" });
    expect(repairCategoryLabels(record)).toEqual({ record, notes: [] });
  });

  it("calls an unknown age band a new one", () => {
    const { notes } = repairCategoryLabels(
      sourceRecord({ categoria: "Regalo", edadesoo: "DE 11 A 14 AÑOS" }),
    );
    expect(notes).toEqual([
      {
        kind: "warning",
        field: "edadesoo",
        message:
          '"DE 11 A 14 AÑOS" is not an age band the shop knows; kept as a new one (no menu entry or page).',
      },
    ]);
  });
});
