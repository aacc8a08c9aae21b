import { z } from "zod";
import { categoryFields, PRICE_LIMIT, PRODUCT_ID_MAX, STOCK_MAX } from "../product-schema.ts";
import { describeValue, isRawRecord, showValue } from "./raw-record.ts";

/**
 * Text as catalogue files really have it: absent or null means none (""), a number stands for
 * its digits, surrounding spaces go, anything else (an object, a boolean) is dropped. It never
 * fails; source-notes.ts says what it changed.
 */
export const sourceTextSchema = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? "" : String(value).trim()))
  .catch("");

const missing = (input: unknown) => input === undefined || input === null;

/** The only fields whose absence or value makes a product unusable (decision 030). */
const idSchema = z
  .number({
    error: ({ input }) =>
      missing(input) ? "missing; every product needs an id" : `${showValue(input)} is not a number`,
  })
  .int({ error: ({ input }) => `${showValue(input)} is not a whole number` })
  .positive({ error: ({ input }) => `${showValue(input)} is not a positive number` })
  .max(PRODUCT_ID_MAX, { error: ({ input }) => `${showValue(input)} is above ${PRODUCT_ID_MAX}` });

const titleSchema = z
  .union([z.string(), z.number()], {
    error: ({ input }) =>
      missing(input) ? "missing; every product needs a title" : `${describeValue(input)}, not a title`,
  })
  .transform((value) => String(value).trim())
  .pipe(z.string().min(1, { error: "blank; every product needs a title" }));

const priceSchema = z
  .number({
    error: ({ input }) =>
      missing(input) ? "missing; every product needs a price" : `${showValue(input)} is not a number`,
  })
  .min(0, { error: ({ input }) => `${showValue(input)} is negative` })
  .max(PRICE_LIMIT, {
    error: ({ input }) => `${showValue(input)} is above the shop's limit of ${PRICE_LIMIT} €`,
  });

/** Absent or null: no stock given (imported as 0, with a warning). */
const stockSchema = z
  .number({ error: ({ input }) => `${showValue(input)} is not a number` })
  .int({ error: ({ input }) => `${showValue(input)} is not a whole number of units` })
  .min(0, { error: ({ input }) => `${showValue(input)} is negative` })
  .max(STOCK_MAX, { error: ({ input }) => `${showValue(input)} is above ${STOCK_MAX}` })
  .nullish();

export const sourceExtraImagesSchema = z.object({
  imagen1: sourceTextSchema,
  imagen2: sourceTextSchema,
  imagen3: sourceTextSchema,
});
export type ExtraImages = z.output<typeof sourceExtraImagesSchema>;

/** Spec §3: a list holding one object of three URLs. Anything else means no extra pictures. */
const otrasImagenesSchema = z
  .unknown()
  .transform((value): ExtraImages | undefined =>
    Array.isArray(value) && isRawRecord(value[0]) ? sourceExtraImagesSchema.parse(value[0]) : undefined,
  )
  .optional();

/** The Portuguese texts, when a file has them (the spec's format has none). */
export const sourceTranslationSchema = z.object({
  texto: sourceTextSchema,
  descripcion: sourceTextSchema,
  detalles: sourceTextSchema,
  informacion: sourceTextSchema,
});
export type SourceTranslation = z.output<typeof sourceTranslationSchema>;

/**
 * A product record as catalogue files really come (spec §3): absent, null and empty values are
 * allowed and normalised to "", numbers written as text, spaces trimmed. Used only by the
 * importer; the shop stores `catalogueRecordSchema` and serves `productFromRecord`'s products (decision 030).
 */
export const sourceRecordSchema = z.object({
  id: idSchema,
  codigo: sourceTextSchema,
  texto: titleSchema,
  imagen: sourceTextSchema,
  precio: priceSchema,
  descripcion: sourceTextSchema,
  detalles: sourceTextSchema,
  informacion: sourceTextSchema,
  stock: stockSchema,
  categoria: sourceTextSchema,
  subcategoria: sourceTextSchema,
  subcategoria2: sourceTextSchema,
  subcategoria4: sourceTextSchema,
  edades: sourceTextSchema,
  edades2: sourceTextSchema,
  edadesCio: sourceTextSchema,
  edadesoo: sourceTextSchema,
  adulto: sourceTextSchema,
  otrasImagenes: otrasImagenesSchema,
  pt: sourceTranslationSchema.nullish().catch(undefined),
});

export type SourceRecord = z.output<typeof sourceRecordSchema>;

export const sourceFields: readonly string[] = Object.keys(sourceRecordSchema.shape);
export const extraImageFields = ["imagen1", "imagen2", "imagen3"] as const;
export const translationFields = ["texto", "descripcion", "detalles", "informacion"] as const;

/** Text fields a product should have: left empty, each gets a warning (product-warnings.ts). */
export const expectedTextFields = ["codigo", "imagen", "descripcion", "detalles", "categoria"] as const;

/** Text fields that may well be empty (spec §3: optional sub-categories, empty age slots…). */
export const optionalTextFields = [
  "informacion",
  ...categoryFields.filter((field) => field !== "categoria"),
] as const;
