/** A source record before validation: any JSON object, read field by field. */
export type RawRecord = Readonly<Record<string, unknown>>;

export function isRawRecord(value: unknown): value is RawRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * What the importer has to say about one field of one record. A repair: it changed the value and
 * is sure of the result. A warning: the value is kept, defaulted or dropped, and worth a look.
 */
export type Note = { kind: "repair" | "warning"; field: string; message: string };

/** What a repair or check step returns: the (possibly new) record and its notes. */
export type StepOutcome<T> = { record: T; notes: Note[] };

export const repair = (field: string, message: string): Note => ({ kind: "repair", field, message });
export const warning = (field: string, message: string): Note => ({ kind: "warning", field, message });

/**
 * "record 12 (id 45)": the 0-based position in the source array (as `jq '.[12]'` finds it) and
 * the id the record claims, since ids may be missing or repeated.
 */
export function recordLabel(index: number, id: unknown): string {
  if (typeof id === "number") return `record ${index} (id ${id})`;
  if (typeof id === "string") return `record ${index} (id ${JSON.stringify(id)})`;
  return `record ${index}`;
}

/** One line of the report: `record 12 (id 45) codigo: "B-17" is irregular; kept as is.` */
export function noteLine(label: string, field: string, message: string): string {
  return `${label} ${field}: ${message}`;
}

/** "a string", "null", "an array": what a value is, for messages about unexpected ones. */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** A value as it stood in the file, short enough for one line. */
export function showValue(value: unknown): string {
  const shown = JSON.stringify(value) ?? String(value);
  return shown.length > 60 ? `${shown.slice(0, 57)}…` : shown;
}
