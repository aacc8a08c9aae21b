import { aliasedCategory } from "../categories.ts";
import type { RawRecord, RepairOutcome } from "./raw-record.ts";

const categoryFields = ["categoria", "subcategoria", "subcategoria2", "subcategoria4"] as const;

/**
 * Renames the label variants of spec §2 (RegaloRegalo, ROPA DE CAMA, RopaDeCama) to their
 * canonical category in every category field; any other value is left for validation to judge.
 */
export function repairCategoryLabels(record: RawRecord, label: string): RepairOutcome {
  const repaired: Record<string, unknown> = { ...record };
  const repairs: string[] = [];
  for (const field of categoryFields) {
    const value = record[field];
    if (typeof value !== "string") continue;
    const canonical = aliasedCategory(value.trim());
    if (canonical === undefined) continue;
    repaired[field] = canonical;
    repairs.push(`${label}: ${field} ${JSON.stringify(value)} renamed to ${JSON.stringify(canonical)}.`);
  }
  return { record: repairs.length > 0 ? repaired : record, repairs };
}
