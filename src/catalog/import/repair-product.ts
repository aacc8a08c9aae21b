import { isRawRecord, type RawRecord, type RepairOutcome, recordLabel } from "./raw-record.ts";
import { repairCategoryLabels } from "./repair-categories.ts";
import { repairJoinedImages } from "./split-joined-urls.ts";
import { swapExchangedTexts } from "./swap-exchanged-texts.ts";

export type RepairResult = { product?: unknown; repairs: string[] };

/**
 * The spec's data is Spanish only: without `pt` the shop would reject the product, so the
 * Spanish texts stand in until someone translates them.
 */
export function fillMissingPortuguese(record: RawRecord, label: string): RepairOutcome {
  if (record.pt !== undefined && record.pt !== null) return { record, repairs: [] };
  const { texto, descripcion, detalles, informacion } = record;
  return {
    record: { ...record, pt: { texto, descripcion, detalles, informacion } },
    repairs: [`${label}: no Portuguese texts; Spanish copied.`],
  };
}

/** In this order: the Portuguese copy must be taken from texts already swapped back. */
const repairSteps: readonly ((record: RawRecord, label: string) => RepairOutcome)[] = [
  repairCategoryLabels,
  repairJoinedImages,
  swapExchangedTexts,
  fillMissingPortuguese,
];

/**
 * Repairs the known quirks of one source record (spec §2/§3) without validating it; `index` is
 * its position in the source array. A value that is not an object has nothing to repair and
 * comes back without a product.
 */
export function repairProduct(raw: unknown, index: number): RepairResult {
  if (!isRawRecord(raw)) return { repairs: [] };
  const label = recordLabel(index, raw.id);
  const repairs: string[] = [];
  let product = raw;
  for (const step of repairSteps) {
    const outcome = step(product, label);
    product = outcome.record;
    repairs.push(...outcome.repairs);
  }
  return { product, repairs };
}
