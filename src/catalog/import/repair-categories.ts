import { ageGroups, categoryAliases, subCategories, topCategories } from "../categories.ts";
import { foldText } from "../fold-text.ts";
import { categoryFields } from "../product-schema.ts";
import { type Note, repair, type StepOutcome, warning } from "./raw-record.ts";
import type { SourceRecord } from "./source-record-schema.ts";

type CategoryField = (typeof categoryFields)[number];

/** "Ropa de cama", "ROPA DE CAMA", "ropadecama": one key, for names written loosely. */
const looseKey = (label: string) => foldText(label).replace(/\s+/g, "");

/** Every name the shop knows, and each label variant of spec §2, by loose key. */
const knownByKey = new Map<string, string>([
  ...[...topCategories, ...subCategories, ...ageGroups].map((name): [string, string] => [
    looseKey(name),
    name,
  ]),
  ...Object.entries(categoryAliases).map(([alias, name]): [string, string] => [looseKey(alias), name]),
]);

/** The shop's name for a label: itself, or the name it is a variant of (alias, case, accents, spaces). */
export function knownCategory(label: string): string | undefined {
  return knownByKey.get(looseKey(label));
}

function categoryNote(field: CategoryField, value: string): { value: string; note?: Note } {
  if (value === "") return { value };
  const known = knownCategory(value);
  if (known === value) return { value };
  if (known !== undefined) {
    return {
      value: known,
      note: repair(field, `${JSON.stringify(value)} renamed to ${JSON.stringify(known)}.`),
    };
  }
  const what =
    field === "categoria" ? "a category" : field.startsWith("sub") ? "a sub-category" : "an age band";
  const message = `${JSON.stringify(value)} is not ${what} the shop knows; kept as a new one (no menu entry or page).`;
  return { value, note: warning(field, message) };
}

/**
 * Renames spec §2's label variants (RegaloRegalo, ROPA DE CAMA, RopaDeCama) and names written
 * with other case, accents or spacing to the shop's own; keeps any other value as a new
 * category, with a warning (decision 030).
 */
export function repairCategoryLabels(record: SourceRecord): StepOutcome<SourceRecord> {
  const repaired = { ...record };
  const notes: Note[] = [];
  for (const field of categoryFields) {
    const { value, note } = categoryNote(field, record[field]);
    repaired[field] = value;
    if (note !== undefined) notes.push(note);
  }
  return { record: repaired, notes };
}
