import { z } from "zod";
import type { AgeGroup, CategoryName } from "#catalog/categories.ts";
import { PRODUCT_ID_MAX } from "#catalog/product-schema.ts";
import { languages } from "../lang.ts";
import { sortOptions } from "./list-options.ts";

export { PAGE_SIZE, type Sort, sortOptions } from "./list-options.ts";

const langSchema = z.enum(languages);
export const sortSchema = z.enum(sortOptions);

export const productListQuerySchema = z.object({
  lang: langSchema.default("es"),
  category: z.string().trim().max(60).optional(),
  sort: sortSchema.default("newest"),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const searchQuerySchema = z.object({
  lang: langSchema.default("es"),
  q: z.string().trim().min(1).max(100),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});

export const productIdParamSchema = z.object({ id: z.coerce.number().int().positive().max(PRODUCT_ID_MAX) });
export const langQuerySchema = z.object({ lang: langSchema.default("es") });

/** What a product card needs: short, so lists and pre-rendered pages stay small. */
export type ProductCard = {
  id: number;
  codigo: string;
  texto: string;
  imagen: string;
  /** The price with VAT, in integer cents (the catalogue file's `precio` euros, converted once). */
  priceCents: number;
  stock: number;
  categoria: string;
  subcategoria: string;
};

/** A whole product in the requested language, with the server's stock and order limit. */
export type ProductDetail = ProductCard & {
  descripcion: string;
  detalles: string;
  informacion: string;
  images: string[];
  ageGroups: AgeGroup[];
  maxPerOrder: number;
  related: ProductCard[];
};

export type CategoryInfo = {
  name: CategoryName;
  description: string;
  image: string;
};

export type ProductPage = {
  items: ProductCard[];
  total: number;
  page: number;
  pageCount: number;
};

export type CategoryPage = ProductPage & { category: CategoryInfo };

export type HomeContent = {
  featured: ProductCard[];
  giftsByAge: { age: AgeGroup; products: ProductCard[] }[];
};
