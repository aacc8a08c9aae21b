import { z } from "zod";
import { PRICE_LIMIT_CENTS } from "#catalog/product-schema.ts";
import { hasControlCharacters } from "../text.ts";
import { productIdParamSchema } from "./catalog-contract.ts";
import { textField } from "./text-fields.ts";

/**
 * The back office's catalogue (issue 32, decision 053): the products as the database holds them,
 * hidden ones too, edited field by field with the version read, published and hidden.
 */

/** A text of several lines (a description, its details): newlines and tabs are kept. */
function longText(max: number) {
  return z
    .string()
    .max(max, "text-too-long")
    .transform((text) => text.replace(/\r\n?/g, "\n").trim())
    .refine((text) => !hasControlCharacters(text.replace(/[\n\t]/g, "")), "text-invalid");
}

/** A filing field (category, sub-category, an age slot): a label, or "" for none. */
const label = textField(60);

/**
 * A picture: one of the shop's own (`/media/…`), one on an image host (spec §3 allows it; an
 * import keeps it), or "" for none.
 */
const picture = z
  .string()
  .trim()
  .max(500)
  .refine(
    (path) =>
      path === "" || /^\/media\/[A-Za-z0-9_./-]+$/.test(path) || /^https:\/\/[^\s"'<>\\]+$/.test(path),
    "picture-invalid",
  )
  .refine((path) => !path.includes(".."), "picture-invalid");

export const productTextsSchema = z.object({
  texto: textField(200, "name-required"),
  descripcion: longText(4000),
  detalles: longText(4000),
  informacion: longText(4000),
});
export type ProductTexts = z.infer<typeof productTextsSchema>;

/** What staff edit of a product: everything but its id (which orders and carts hold). */
export const productFieldsSchema = z.object({
  codigo: textField(40),
  priceCents: z.number().int("price-invalid").min(0, "price-invalid").max(PRICE_LIMIT_CENTS, "price-invalid"),
  es: productTextsSchema,
  pt: productTextsSchema,
  categoria: label,
  subcategoria: label,
  subcategoria2: label,
  subcategoria4: label,
  edades: label,
  edades2: label,
  edadesCio: label,
  edadesoo: label,
  adulto: label,
  imagen: picture,
  otrasImagenes: z.array(picture).max(3),
});
export type ProductFields = z.infer<typeof productFieldsSchema>;

/** `POST /api/gestion/catalog/products/:id`: the fields whole, with the version read. */
export const productEditSchema = z.object({
  version: z.number().int().min(1),
  fields: productFieldsSchema,
});
export type ProductEdit = z.infer<typeof productEditSchema>;

/** `POST /api/gestion/catalog/products/:id/publish` and `/hide`. */
export const productVersionSchema = z.object({ version: z.number().int().min(1) });

export const catalogProductParamSchema = productIdParamSchema;

/** A GET form's field left empty is a field not given: the list's form works without script. */
function optional<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess((value) => (value === "" ? undefined : value), schema.optional());
}

export const productStates = ["published", "hidden"] as const;
export type ProductState = (typeof productStates)[number];

/** `GET /api/gestion/catalog/products?q=&category=&state=&page=`. */
export const catalogListQuerySchema = z.object({
  /** Part of the name (either language) or the code, case aside. */
  q: optional(
    z
      .string()
      .trim()
      .max(100)
      .refine((text) => !hasControlCharacters(text), "text-invalid"),
  ),
  /** Products filed under this category in any of their filing fields. */
  category: optional(textField(60)),
  state: optional(z.enum(productStates)),
  page: optional(z.coerce.number().int().min(1).max(10_000)).transform((page) => page ?? 1),
});
export type CatalogListQuery = z.output<typeof catalogListQuerySchema>;

export const CATALOG_PAGE_SIZE = 50;

export const catalogRowSchema = z.object({
  id: z.number().int(),
  codigo: z.string(),
  texto: z.string(),
  priceCents: z.number().int(),
  categoria: z.string(),
  subcategoria: z.string(),
  imagen: z.string(),
  published: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type CatalogRow = z.infer<typeof catalogRowSchema>;

export const catalogListSchema = z.object({
  items: z.array(catalogRowSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type CatalogList = z.infer<typeof catalogListSchema>;

/** One product as staff edit it. */
export const catalogProductSchema = z.object({
  id: z.number().int(),
  published: z.boolean(),
  version: z.number().int(),
  updatedAt: z.iso.datetime(),
  fields: productFieldsSchema,
});
export type CatalogProduct = z.infer<typeof catalogProductSchema>;

/** Why a change was refused (409): someone changed the product since it was read. */
export const STALE_VERSION = "stale-version";

/** The largest catalogue file the back office takes (about 30,000 products); beyond, the CLI. */
export const CATALOG_FILE_MAX_BYTES = 50 * 1024 * 1024;

/** `POST /api/gestion/catalog/import/preview` and `/apply`: the file is the body, as JSON. */
export const CATALOG_IMPORT_PREVIEW_PATH = "/api/gestion/catalog/import/preview";
export const CATALOG_IMPORT_APPLY_PATH = "/api/gestion/catalog/import/apply";

/** `/apply?revision=N&hideMissing=1`: the preview's revision, and whether to hide what the file lacks. */
export const catalogImportApplyQuerySchema = z.object({
  revision: z.coerce.number().int().min(0),
  hideMissing: optional(z.enum(["1"])).transform((hide) => hide === "1"),
});

/** How many ids of each kind a report lists (the counts are whole). */
export const IMPORT_REPORT_IDS = 100;

const idGroup = z.object({ count: z.number().int().min(0), ids: z.array(z.number().int()) });

/** How many of the importer's lines a report carries at most, kinds seen often grouped in one. */
export const IMPORT_REPORT_NOTES = 500;

/** The importer's repairs or warnings (`catalog/import/note-groups.ts`): how many, and the lines. */
const noteSummary = z.object({ count: z.number().int().min(0), lines: z.array(z.string()) });

/** The importer's report of a file against the catalogue: what applying it adds, changes, leaves. */
export const catalogImportReportSchema = z.object({
  revision: z.number().int(),
  repairs: noteSummary,
  warnings: noteSummary,
  added: idGroup,
  changed: idGroup,
  unchanged: idGroup,
  missing: idGroup,
  /** Whether the products the file lacks were hidden (an applied import's report). */
  hidMissing: z.boolean(),
});
export type CatalogImportReport = z.infer<typeof catalogImportReportSchema>;

/** A file the importer refuses (400 `catalog-invalid`): its errors, record by record. */
export const catalogImportRefusalSchema = z.object({
  error: z.object({ code: z.literal("catalog-invalid"), message: z.string() }),
  errors: z.array(z.string()),
});
