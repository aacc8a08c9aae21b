import { hasWholeCents, roundedToCent } from "../euros.ts";
import type { CatalogueRecord } from "../product-schema.ts";
import { type Note, repair, type StepOutcome, warning } from "./raw-record.ts";
import type { SourceRecord, SourceTranslation } from "./source-record-schema.ts";

/**
 * The Portuguese texts: a file in the spec's format has none, and the Spanish ones stand in
 * until someone translates them (said once, in the README, not per product). A `pt` a file does
 * bring keeps its texts; an empty title, description or details is filled from the Spanish.
 */
function portugueseTexts(record: SourceRecord): StepOutcome<SourceTranslation> {
  const { texto, descripcion, detalles, informacion } = record;
  if (record.pt === undefined || record.pt === null) {
    return { record: { texto, descripcion, detalles, informacion }, notes: [] };
  }
  const pt = { ...record.pt };
  const notes: Note[] = [];
  for (const field of ["texto", "descripcion", "detalles"] as const) {
    if (pt[field] !== "" || record[field] === "") continue;
    pt[field] = record[field];
    notes.push(repair(`pt.${field}`, "empty; the Spanish text copied."));
  }
  return { record: pt, notes };
}

/**
 * The catalogue file's record for a repaired source record: the price rounded to the cent (still
 * in euros: the shop turns it into cents when it reads the file), stock, pt, one extra-image set.
 */
export function toProduct(record: SourceRecord): StepOutcome<CatalogueRecord> {
  const notes: Note[] = [];
  const precio = hasWholeCents(record.precio) ? record.precio : roundedToCent(record.precio);
  if (precio !== record.precio)
    notes.push(repair("precio", `${record.precio} rounded to the cent: ${precio}.`));
  const stock = record.stock ?? 0;
  if (record.stock === undefined || record.stock === null) {
    notes.push(warning("stock", "missing; imported as 0 (out of stock)."));
  }
  const pt = portugueseTexts(record);
  notes.push(...pt.notes);
  const { otrasImagenes, ...fields } = record;
  return {
    record: {
      ...fields,
      precio,
      stock,
      otrasImagenes: otrasImagenes === undefined ? [] : [otrasImagenes],
      pt: pt.record,
    },
    notes,
  };
}
