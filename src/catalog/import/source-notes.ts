import { describeValue, isRawRecord, type Note, type RawRecord, repair, warning } from "./raw-record.ts";
import {
  expectedTextFields,
  extraImageFields,
  optionalTextFields,
  sourceFields,
  translationFields,
} from "./source-record-schema.ts";

/**
 * What sourceTextSchema did to one text value, as a note. `emptyIsWarned`: an empty result gets
 * its own warning elsewhere (no code, no picture…), so a null or blank value needs no second line.
 */
export function textValueNote(field: string, raw: unknown, emptyIsWarned: boolean): Note | undefined {
  if (raw === undefined) return undefined;
  if (raw === null) return emptyIsWarned ? undefined : repair(field, "null; written as empty.");
  if (typeof raw === "number") return repair(field, `the number ${raw} written as text.`);
  if (typeof raw !== "string") return warning(field, `${describeValue(raw)} where text belongs; dropped.`);
  const trimmed = raw.trim();
  if (trimmed === raw || (trimmed === "" && emptyIsWarned)) return undefined;
  return repair(field, trimmed === "" ? "blank; written as empty." : "surrounding spaces trimmed.");
}

function unknownFieldNotes(holder: RawRecord, known: readonly string[], prefix: string): Note[] {
  return Object.keys(holder)
    .filter((field) => !known.includes(field))
    .map((field) => warning(`${prefix}${field}`, "not a field of the catalogue format; dropped."));
}

function extraImagesNotes(raw: unknown): Note[] {
  if (raw === undefined) return [];
  if (raw === null) return [repair("otrasImagenes", "null; no extra pictures.")];
  if (!Array.isArray(raw)) {
    return [warning("otrasImagenes", `${describeValue(raw)} where a list belongs; dropped.`)];
  }
  const [first, ...rest] = raw;
  const notes: Note[] = [];
  if (first !== undefined && !isRawRecord(first)) {
    notes.push(warning("otrasImagenes", `its entry is ${describeValue(first)}, not an object; dropped.`));
  }
  if (rest.length > 0) {
    notes.push(
      warning("otrasImagenes", `${rest.length} entries after the first dropped (one set of three is kept).`),
    );
  }
  if (!isRawRecord(first)) return notes;
  return [
    ...notes,
    ...extraImageFields.flatMap((field) => textValueNote(field, first[field], false) ?? []),
    ...unknownFieldNotes(first, extraImageFields, "otrasImagenes."),
  ];
}

function translationNotes(raw: unknown): Note[] {
  if (raw === undefined || raw === null) return [];
  if (!isRawRecord(raw)) {
    return [
      warning("pt", `${describeValue(raw)} where the Portuguese texts belong; dropped, Spanish copied.`),
    ];
  }
  return [
    // An empty pt.texto, descripcion or detalles is filled from the Spanish one, and said so then.
    ...translationFields.flatMap(
      (field) => textValueNote(`pt.${field}`, raw[field], field !== "informacion") ?? [],
    ),
    ...unknownFieldNotes(raw, translationFields, "pt."),
  ];
}

/** Everything the lenient source schema changed or dropped in one record, field by field. */
export function sourceNotes(raw: RawRecord): Note[] {
  return [
    ...[textValueNote("texto", raw.texto, true) ?? []].flat(),
    ...expectedTextFields.flatMap((field) => textValueNote(field, raw[field], true) ?? []),
    ...optionalTextFields.flatMap((field) => textValueNote(field, raw[field], false) ?? []),
    ...extraImagesNotes(raw.otrasImagenes),
    ...translationNotes(raw.pt),
    ...unknownFieldNotes(raw, sourceFields, ""),
  ];
}
