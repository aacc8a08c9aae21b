import { z } from "zod";
import { centsFromEuros, hasWholeCents } from "./euros.ts";

/** The spec's price range (§3): the built-in catalogue keeps to it, an import only warns outside it. */
export const PRICE_MIN = 1.5;
export const PRICE_MAX = 133.95;
/** The built-in catalogue's two stock levels (§3); an imported product may have any stock. */
export const CATALOGUE_STOCK_LEVELS = [20, 100] as const;

/** Ids, stock and cents live in PostgreSQL `integer` columns (cart, wish list, stock, orders). */
export const PRODUCT_ID_MAX = 2_147_483_647;
export const STOCK_MAX = 2_147_483_647;
/**
 * The highest price the shop takes, in euros as the catalogue file writes it: a line of 999 units
 * of it (the cart's limit) still fits the order tables' integer cents. Above it a price is surely
 * a typo (decision 030).
 */
export const PRICE_LIMIT = 10_000;
/** The same limit in cents, as staff type prices and the database checks them (migration 0028). */
export const PRICE_LIMIT_CENTS = centsFromEuros(PRICE_LIMIT);

/** Portuguese texts of a product; the Spanish ones are the spec's own fields. */
export const productTranslationSchema = z.object({
  texto: z.string().min(1),
  descripcion: z.string(),
  detalles: z.string(),
  informacion: z.string(),
});

export const extraImagesSchema = z.object({
  imagen1: z.string(),
  imagen2: z.string(),
  imagen3: z.string(),
});

/**
 * A product as the catalogue file holds it (`data/products.json`, what the importer writes):
 * spec §3's fields, `precio` in euros, plus `pt` for the Portuguese texts. "" means none (no
 * picture, no sub-category, an empty age slot). Categories, codes, stock and prices are as wide as
 * an imported catalogue may bring (decision 030): the built-in catalogue's narrower facts are
 * tests of its data (builtin-catalog.test.ts), not rules here.
 */
export const catalogueRecordSchema = z.object({
  id: z.number().int().positive().max(PRODUCT_ID_MAX),
  codigo: z.string(),
  texto: z.string().min(1),
  imagen: z.string(),
  precio: z.number().min(0).max(PRICE_LIMIT).refine(hasWholeCents, "precio has at most two decimals"),
  descripcion: z.string(),
  detalles: z.string(),
  informacion: z.string(),
  stock: z.number().int().min(0).max(STOCK_MAX),
  categoria: z.string(),
  subcategoria: z.string(),
  subcategoria2: z.string(),
  subcategoria4: z.string(),
  edades: z.string(),
  edades2: z.string(),
  edadesCio: z.string(),
  edadesoo: z.string(),
  adulto: z.string(),
  otrasImagenes: z.array(extraImagesSchema).max(1),
  pt: productTranslationSchema,
});

export type CatalogueRecord = z.infer<typeof catalogueRecordSchema>;

/**
 * A product as the shop serves it: the catalogue file's record with its price in integer cents
 * (`priceCents`) instead of `precio`, and without `stock`, which is only the file's opening level
 * (the database keeps the stock from then on). The one place euros become cents (decision 029,
 * amended): from here on the catalogue, the API, carts, orders, invoices, mails and pages carry
 * cents.
 */
export type Product = Omit<CatalogueRecord, "precio" | "stock"> & { priceCents: number };

export function productFromRecord({ precio, stock, ...fields }: CatalogueRecord): Product {
  return { ...fields, priceCents: centsFromEuros(precio) };
}

/** The fields that file a product under a category, a sub-category, a tag or an age band. */
export const categoryFields = [
  "categoria",
  "subcategoria",
  "subcategoria2",
  "subcategoria4",
  "edades",
  "edades2",
  "edadesCio",
  "edadesoo",
  "adulto",
] as const satisfies ReadonlyArray<keyof Product & keyof CatalogueRecord>;

export const categoryDetailSchema = z.object({
  Categoria: z.string().min(1),
  TextoDescripcion: z.string().min(1),
  Imagen: z.string(),
  pt: z.object({ TextoDescripcion: z.string().min(1) }),
});

export type CategoryDetail = z.infer<typeof categoryDetailSchema>;
