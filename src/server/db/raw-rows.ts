import { createSchemaFactory } from "drizzle-zod";

/**
 * Zod schemas of a table's rows derived from the Drizzle schema (issue 29), for the rows of raw
 * SQL statements (the hot cart and wish-list writes, decision 019): the drivers give those as they
 * come, timestamps as text (Drizzle's own queries decode them) and numbers as numbers or text, so
 * these read both. Pick the columns a statement selects, by their keys in the schema.
 */
export const { createSelectSchema: createRawRowSchema } = createSchemaFactory({
  coerce: { number: true, date: true },
});
