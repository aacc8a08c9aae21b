import { z } from "zod";
import { canonicalCategory } from "./categories.ts";
import { filterByCategory } from "./category-filter.ts";
import { type CategoryDetail, categoryDetailSchema, type Product, productSchema } from "./product-schema.ts";

export type Catalog = {
  listProducts(): readonly Product[];
  getProduct(id: number): Product | undefined;
  listProductsByCategory(category?: string): readonly Product[];
  /** Exact name, or one of its label variants (spec §2), otherwise undefined. */
  getCategoryDetail(name: string): CategoryDetail | undefined;
};

export const catalogSourceSchema = z.object({
  products: z.array(productSchema),
  categoryDetails: z.array(categoryDetailSchema),
});

/**
 * Builds the lookups of spec §5 over a catalogue as its file holds it, validated: its prices in
 * euros become the products' integer cents here (`productSchema`), once.
 */
export function createCatalog(source: unknown): Catalog {
  const { products, categoryDetails } = catalogSourceSchema.parse(source);
  const byId = new Map(products.map((product) => [product.id, product]));
  const details = new Map(categoryDetails.map((detail) => [detail.Categoria, detail]));

  return {
    listProducts: () => products,
    getProduct: (id) => byId.get(id),
    listProductsByCategory: (category) => filterByCategory(products, category),
    getCategoryDetail: (name) => details.get(name) ?? details.get(canonicalCategory(name) ?? ""),
  };
}
