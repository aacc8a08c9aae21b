import { z } from "zod";
import { ageGroups, subCategories, topCategories } from "./categories.ts";

export const PRICE_MIN = 1.5;
export const PRICE_MAX = 133.95;
export const CATALOGUE_STOCK_LEVELS = [20, 100] as const;

const ageSlotSchema = z.union([z.enum(ageGroups), z.literal("")]);

/** Portuguese texts of a product; the Spanish ones are the spec's own fields. */
export const productTranslationSchema = z.object({
  texto: z.string().min(1),
  descripcion: z.string().min(1),
  detalles: z.string().min(1),
  informacion: z.string(),
});

export const extraImagesSchema = z.object({
  imagen1: z.string(),
  imagen2: z.string(),
  imagen3: z.string(),
});

/** A product exactly as spec §3 names its fields, plus `pt` for the Portuguese texts. */
export const productSchema = z.object({
  id: z.number().int().positive(),
  codigo: z.string().regex(/^A\d{4}$/, "codigo must look like A0001"),
  texto: z.string().min(1),
  imagen: z.string().min(1),
  precio: z
    .number()
    .min(PRICE_MIN)
    .max(PRICE_MAX)
    // Binary floats: 133.95 * 100 is 13394.999…, so compare with a tolerance.
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, "precio has at most two decimals"),
  descripcion: z.string().min(1),
  detalles: z.string().min(1),
  informacion: z.string(),
  stock: z.union([z.literal(20), z.literal(100)]),
  categoria: z.enum(topCategories),
  subcategoria: z.union([z.enum(subCategories), z.literal("")]),
  subcategoria2: z.union([z.enum(["PACK", "DVD"]), z.literal("")]).optional(),
  subcategoria4: z.union([z.literal("Regalo"), z.literal("")]).optional(),
  edades: ageSlotSchema,
  edades2: ageSlotSchema,
  edadesCio: ageSlotSchema,
  edadesoo: ageSlotSchema,
  adulto: ageSlotSchema,
  otrasImagenes: z.array(extraImagesSchema).max(1),
  pt: productTranslationSchema,
});

export type Product = z.infer<typeof productSchema>;

export const categoryDetailSchema = z.object({
  Categoria: z.string().min(1),
  TextoDescripcion: z.string().min(1),
  Imagen: z.string(),
  pt: z.object({ TextoDescripcion: z.string().min(1) }),
});

export type CategoryDetail = z.infer<typeof categoryDetailSchema>;
