import { canonicalCategory } from "./categories.ts";
import { categoryFields, type Product } from "./product-schema.ts";

/**
 * Spec §5: a product belongs to a category when any of these fields names it. Label variants
 * (RopaDeCama, ROPA DE CAMA, RegaloRegalo) count as their canonical category on both sides.
 */
export function productMatchesCategory(product: Product, category: string): boolean {
  const wanted = canonicalCategory(category) ?? category;
  return categoryFields.some((field) => {
    const value = product[field];
    return value !== undefined && value !== "" && (canonicalCategory(value) ?? value) === wanted;
  });
}

/** With no category every product is returned (spec §5). */
export function filterByCategory(products: readonly Product[], category?: string): readonly Product[] {
  if (category === undefined || category === "") return products;
  return products.filter((product) => productMatchesCategory(product, category));
}
