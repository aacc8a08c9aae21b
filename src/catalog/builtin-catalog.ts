import { type Catalog, type CatalogSource, createCatalog, parseCatalogSource } from "./catalog.ts";
import categoryDetails from "./data/category-details.json" with { type: "json" };
import products from "./data/products.json" with { type: "json" };

let source: CatalogSource | undefined;
let catalog: Catalog | undefined;

/**
 * The catalogue shipped with the shop, as its file writes it, validated on first use: what an
 * empty database is seeded with (decision 053), so a fresh `npm start` shows the whole shop.
 */
export function builtinCatalogSource(): CatalogSource {
  source ??= parseCatalogSource({ products, categoryDetails });
  return source;
}

/** The built-in catalogue as the storefront would read it, for tests of its data. */
export function builtinCatalog(): Catalog {
  catalog ??= createCatalog(builtinCatalogSource());
  return catalog;
}

/** The stock the built-in catalogue opens a product with (0 for a product it does not hold). */
export function builtinOpeningStock(productId: number): number {
  return builtinCatalogSource().products.find((record) => record.id === productId)?.stock ?? 0;
}
