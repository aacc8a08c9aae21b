import { z } from "zod";
import { hasControlCharacters } from "../text.ts";

/**
 * The parts of a back-office list's query (orders, customers, stock, newsletter subscribers),
 * read from a GET form's address, written once.
 */

/**
 * A field of a GET form left empty (`?status=&zone=`) is a field not given: the list's form works
 * without the script, and its empty selects are sent too.
 */
export function formQueryField<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess((value) => (value === "" ? undefined : value), schema.optional());
}

/** The list's search box: trimmed, its spaces folded, at most 100 characters; empty is no search. */
export const listSearchSchema = z
  .string()
  .trim()
  .max(100)
  .refine((text) => !hasControlCharacters(text), "text-invalid")
  .transform((text) => text.replace(/\s+/g, " ") || undefined)
  .optional();

/** The page asked for, from 1 (the default). */
export const listPageSchema = formQueryField(z.coerce.number().int().min(1).max(10_000)).transform(
  (page) => page ?? 1,
);
