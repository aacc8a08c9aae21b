import type { CatalogueRecord } from "../product-schema.ts";
import { importRecord } from "./import-record.ts";
import { describeValue, noteLine, recordLabel } from "./raw-record.ts";

export type ImportResult =
  | { ok: true; products: CatalogueRecord[]; repairs: string[]; warnings: string[] }
  | { ok: false; errors: string[] };

type Imported = { index: number; product: CatalogueRecord };

/** The shop looks products up by id: a repeated id stops the import, named at each later record. */
function duplicateIdErrors(imported: readonly Imported[]): string[] {
  const firstIndex = new Map<number, number>();
  const errors: string[] = [];
  for (const { index, product } of imported) {
    const first = firstIndex.get(product.id);
    if (first === undefined) firstIndex.set(product.id, index);
    else
      errors.push(
        noteLine(
          recordLabel(index, product.id),
          "id",
          `already the id of record ${first}; ids must be unique.`,
        ),
      );
  }
  return errors;
}

/**
 * Turns a catalogue file in the spec's field format into the shop's products, sorted by id.
 * Repairs the known quirks, keeps what is merely unusual with a warning, and refuses the whole
 * catalogue (per-record errors, no products) only when a record is unusable or an id repeats.
 * Never throws; the same source always gives the same result.
 */
export function importCatalog(source: unknown): ImportResult {
  if (!Array.isArray(source)) {
    return {
      ok: false,
      errors: [`the catalogue must be a JSON array of products, not ${describeValue(source)}.`],
    };
  }
  // Writing an empty catalogue would empty the shop: surely a wrong file.
  if (source.length === 0) return { ok: false, errors: ["the catalogue has no products."] };
  const errors: string[] = [];
  const repairs: string[] = [];
  const warnings: string[] = [];
  const imported: Imported[] = [];
  source.forEach((raw: unknown, index) => {
    const result = importRecord(raw, index);
    if (!result.ok) {
      errors.push(...result.errors);
      return;
    }
    imported.push({ index, product: result.product });
    repairs.push(...result.repairs);
    warnings.push(...result.warnings);
  });
  errors.push(...duplicateIdErrors(imported));
  if (errors.length > 0) return { ok: false, errors };
  const products = imported.map((entry) => entry.product).toSorted((a, b) => a.id - b.id);
  return { ok: true, products, repairs, warnings };
}

/** The report's last line. */
export function importSummary(result: {
  products: unknown[];
  repairs: unknown[];
  warnings: unknown[];
}): string {
  return `${result.products.length} products imported, ${result.repairs.length} repairs, ${result.warnings.length} warnings`;
}
