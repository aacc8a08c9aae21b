import type { z } from "zod";
import { type Product, productSchema } from "../product-schema.ts";
import { isRawRecord, listRecords, type RawRecord, recordLabel, recordName } from "./raw-record.ts";
import { repairProduct } from "./repair-product.ts";

export type ImportResult =
  | { ok: true; products: Product[]; repairs: string[] }
  | { ok: false; errors: string[]; repairs: string[] };

type Repaired = { index: number; record: RawRecord };

const knownFields: ReadonlySet<string> = new Set(Object.keys(productSchema.shape));

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

function formatIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join(".");
  return path === "" ? issue.message : `${path}: ${issue.message}`;
}

/** Records sharing a value of `field` (numbers or strings only), in source order. */
function groupsSharing(records: readonly Repaired[], field: string): Map<unknown, Repaired[]> {
  const groups = new Map<unknown, Repaired[]>();
  for (const entry of records) {
    const value = entry.record[field];
    if (typeof value !== "number" && typeof value !== "string") continue;
    groups.set(value, [...(groups.get(value) ?? []), entry]);
  }
  return new Map([...groups].filter(([, group]) => group.length > 1));
}

/** The shop looks products up by id, so a repeated id stops the import. */
function duplicateIdErrors(records: readonly Repaired[]): string[] {
  return [...groupsSharing(records, "id")].map(
    ([id, group]) => `id ${String(id)} is used by ${listRecords(group.map((entry) => entry.index))}`,
  );
}

/** Spec §3: "some codes repeat across products", and a code search lists them all: only a note. */
function duplicateCodeNotes(records: readonly Repaired[]): string[] {
  return [...groupsSharing(records, "codigo")].map(([codigo, group]) => {
    const names = group.map((entry) => recordName(entry.index, entry.record.id));
    return `codigo ${String(codigo)} is shared by ${listRecords(names)}; kept as is (the spec allows repeated codes).`;
  });
}

/** zod drops fields it does not know; say so rather than lose data silently. */
function unknownFieldNotes({ index, record }: Repaired): string[] {
  return Object.keys(record)
    .filter((field) => !knownFields.has(field))
    .map((field) => `${recordLabel(index, record.id)}: dropped unknown field ${JSON.stringify(field)}.`);
}

type RecordOutcome = { record?: RawRecord; product?: Product; repairs: string[]; errors: string[] };

function importRecord(raw: unknown, index: number): RecordOutcome {
  const { product, repairs } = repairProduct(raw, index);
  if (!isRawRecord(product)) {
    return { repairs, errors: [`record ${index}: must be a product object, not ${describeValue(raw)}`] };
  }
  const notes = [...repairs, ...unknownFieldNotes({ index, record: product })];
  const parsed = productSchema.safeParse(product);
  if (parsed.success) return { record: product, product: parsed.data, repairs: notes, errors: [] };
  const label = recordLabel(index, product.id);
  // A `pt` the importer copied from the Spanish texts would only repeat their issues.
  const copiedPt = isRawRecord(raw) && (raw.pt === undefined || raw.pt === null);
  const issues = parsed.error.issues.filter((issue) => !(copiedPt && issue.path[0] === "pt"));
  return {
    record: product,
    repairs: notes,
    errors: issues.map((issue) => `${label}: ${formatIssue(issue)}`),
  };
}

/**
 * Turns a catalogue in the spec's field format into the shop's products: repairs the known
 * quirks, validates every record with productSchema, and refuses the whole catalogue when a record
 * is invalid or an id repeats. Never throws; products come back sorted by id.
 */
export function importCatalog(source: unknown): ImportResult {
  if (!Array.isArray(source)) {
    return {
      ok: false,
      errors: [`the catalogue must be a JSON array of products, not ${describeValue(source)}`],
      repairs: [],
    };
  }
  // Writing an empty catalogue would empty the shop: surely a wrong file.
  if (source.length === 0) return { ok: false, errors: ["the catalogue has no products"], repairs: [] };
  const repairs: string[] = [];
  const errors: string[] = [];
  const records: Repaired[] = [];
  const products: Product[] = [];
  source.forEach((raw: unknown, index) => {
    const outcome = importRecord(raw, index);
    repairs.push(...outcome.repairs);
    errors.push(...outcome.errors);
    if (outcome.record !== undefined) records.push({ index, record: outcome.record });
    if (outcome.product !== undefined) products.push(outcome.product);
  });

  errors.push(...duplicateIdErrors(records));
  repairs.push(...duplicateCodeNotes(records));
  if (errors.length > 0) return { ok: false, errors, repairs };
  return { ok: true, products: products.toSorted((a, b) => a.id - b.id), repairs };
}
