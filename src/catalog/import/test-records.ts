import { type SourceRecord, sourceRecordSchema } from "./source-record-schema.ts";

/** For tests: a source record as the lenient schema gives it, from a few fields of the file. */
export function sourceRecord(fields: Record<string, unknown> = {}): SourceRecord {
  return sourceRecordSchema.parse({ id: 1, texto: "Peluche Miaubot", precio: 19.95, stock: 20, ...fields });
}
