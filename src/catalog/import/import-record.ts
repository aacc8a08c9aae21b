import type { z } from "zod";
import { type CatalogueRecord, catalogueRecordSchema } from "../product-schema.ts";
import { productWarnings } from "./product-warnings.ts";
import { describeValue, isRawRecord, type Note, noteLine, recordLabel } from "./raw-record.ts";
import { repairCategoryLabels } from "./repair-categories.ts";
import { sourceNotes } from "./source-notes.ts";
import { type SourceRecord, sourceRecordSchema } from "./source-record-schema.ts";
import { repairJoinedImages } from "./split-joined-urls.ts";
import { swapExchangedTexts } from "./swap-exchanged-texts.ts";
import { toProduct } from "./to-product.ts";

export type RecordResult =
  | { ok: true; product: CatalogueRecord; repairs: string[]; warnings: string[] }
  | { ok: false; errors: string[] };

/** The known quirks of spec §2/§3, in this order: pt is filled from texts already swapped back. */
function repairRecord(record: SourceRecord): { product: CatalogueRecord; notes: Note[] } {
  const notes: Note[] = [];
  let repaired = record;
  for (const step of [repairCategoryLabels, repairJoinedImages, swapExchangedTexts]) {
    const outcome = step(repaired);
    repaired = outcome.record;
    notes.push(...outcome.notes);
  }
  const { record: product, notes: productNotes } = toProduct(repaired);
  return { product, notes: [...notes, ...productNotes, ...productWarnings(product)] };
}

function issueLines(label: string, issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => noteLine(label, issue.path.join("."), `${issue.message.replace(/\.$/, "")}.`));
}

/**
 * One record of a catalogue file, `index` being its position in the source array: the lenient
 * source schema normalises it, the repairs fix the spec's quirks, and catalogueRecordSchema checks
 * what the shop will store. Errors only for what makes a product unusable (decision 030).
 */
export function importRecord(raw: unknown, index: number): RecordResult {
  if (!isRawRecord(raw)) {
    return { ok: false, errors: [`record ${index}: ${describeValue(raw)}, not a product object.`] };
  }
  const label = recordLabel(index, raw.id);
  const parsed = sourceRecordSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, errors: issueLines(label, parsed.error.issues) };
  const { product, notes: repairNotes } = repairRecord(parsed.data);
  // Not expected to fail: the source schema and the repairs make every record a shop product.
  const stored = catalogueRecordSchema.safeParse(product);
  if (!stored.success) return { ok: false, errors: issueLines(label, stored.error.issues) };
  const notes = [...sourceNotes(raw), ...repairNotes];
  const lines = (kind: Note["kind"]) =>
    notes.filter((note) => note.kind === kind).map((note) => noteLine(label, note.field, note.message));
  return { ok: true, product: stored.data, repairs: lines("repair"), warnings: lines("warning") };
}
