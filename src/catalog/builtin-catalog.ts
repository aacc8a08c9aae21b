import { type Catalog, createCatalog } from "./catalog.ts";
import categoryDetails from "./data/category-details.json" with { type: "json" };
import products from "./data/products.json" with { type: "json" };

let catalog: Catalog | undefined;

/** The catalogue shipped with the shop, validated on first use (spec §4: initialised once). */
export function builtinCatalog(): Catalog {
  catalog ??= createCatalog({ products, categoryDetails });
  return catalog;
}
