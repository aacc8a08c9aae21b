/** A source record before validation: any JSON object, read field by field. */
export type RawRecord = Readonly<Record<string, unknown>>;

/** What a repair step returns: the (possibly new) record and one sentence per change. */
export type RepairOutcome = { record: RawRecord; repairs: string[] };

export function isRawRecord(value: unknown): value is RawRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * "record 12 (id 45)": the 0-based position in the source array (as `jq '.[12]'` finds it) and
 * the id the record claims, since ids may be missing or repeated.
 */
export function recordLabel(index: number, id: unknown): string {
  return `record ${recordName(index, id)}`;
}

/** "12 (id 45)": recordLabel without the word "record", for lists of records. */
export function recordName(index: number, id: unknown): string {
  if (typeof id === "number") return `${index} (id ${id})`;
  if (typeof id === "string") return `${index} (id ${JSON.stringify(id)})`;
  return String(index);
}

/** "record 4", "records 1 and 2", "records 1, 2 and 3": the records named by `names`. */
export function listRecords(names: readonly (string | number)[]): string {
  const head = names.slice(0, -1).join(", ");
  return head === "" ? `record ${names.join("")}` : `records ${head} and ${names.at(-1)}`;
}
