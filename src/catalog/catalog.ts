import { LRUCache } from "lru-cache";
import { z } from "zod";
import { canonicalCategory } from "./categories.ts";
import { filterByCategory } from "./category-filter.ts";
import {
  type CatalogueRecord,
  type CategoryDetail,
  catalogueRecordSchema,
  categoryDetailSchema,
  type Product,
  productFromRecord,
} from "./product-schema.ts";
import { createProductSearchIndex, type ProductSearchIndex } from "./search.ts";

/**
 * One revision of the catalogue as the storefront reads it (spec §5): what it lists is all there
 * is, and it never changes; the shop swaps in the next one when the catalogue changes (decision
 * 053). What is costly to work out from it (a category's products, a sorted list) is kept with it.
 */
export type Catalog = {
  listProducts(): readonly Product[];
  getProduct(id: number): Product | undefined;
  listProductsByCategory(category?: string): readonly Product[];
  /** Exact name, or one of its label variants (spec §2), otherwise undefined. */
  getCategoryDetail(name: string): CategoryDetail | undefined;
  listCategoryDetails(): readonly CategoryDetail[];
  /** Typo-tolerant search over both languages' titles, descriptions and the codes. */
  search(query: string): readonly Product[];
  /** Works `compute` out once for this revision (a few hundred keys are kept, the latest used). */
  memo<T extends object>(key: string, compute: () => T): T;
};

export const catalogSourceSchema = z.object({
  products: z.array(catalogueRecordSchema),
  categoryDetails: z.array(categoryDetailSchema),
});

export type CatalogSource = { products: CatalogueRecord[]; categoryDetails: CategoryDetail[] };

/** A catalogue file as it is written (prices in euros), validated. */
export function parseCatalogSource(source: unknown): CatalogSource {
  return catalogSourceSchema.parse(source);
}

/**
 * Builds the lookups of spec §5 over a catalogue as its file holds it, validated: its prices in
 * euros become the products' integer cents here (`productFromRecord`), once.
 */
export function createCatalog(source: unknown): Catalog {
  const { products, categoryDetails } = parseCatalogSource(source);
  return catalogOf(products.map(productFromRecord), categoryDetails);
}

const MEMO_KEYS = 500;
/**
 * Searches answered from this revision, kept by their text: a typo-tolerant search of 100,000
 * products costs some hundred milliseconds, and shoppers search the same few words.
 */
const SEARCHES_KEPT = 2000;

/**
 * The catalogue over these products, sorted by id. `searchIndex` is the index to answer
 * searches with when one is kept across revisions; without it one is built on the first search.
 */
export function catalogOf(
  products: readonly Product[],
  categoryDetails: readonly CategoryDetail[],
  searchIndex?: ProductSearchIndex,
): Catalog {
  const byId = new Map(products.map((product) => [product.id, product]));
  const details = new Map(categoryDetails.map((detail) => [detail.Categoria, detail]));
  const memos = new LRUCache<string, object>({ max: MEMO_KEYS });
  const searches = new LRUCache<string, readonly Product[]>({ max: SEARCHES_KEPT });
  let index = searchIndex;
  const getProduct = (id: number) => byId.get(id);
  const memo = <T extends object>(key: string, compute: () => T): T => {
    const kept = memos.get(key) as T | undefined;
    if (kept) return kept;
    const value = compute();
    memos.set(key, value);
    return value;
  };

  return {
    listProducts: () => products,
    getProduct,
    listProductsByCategory: (category) =>
      category === undefined || category === ""
        ? products
        : memo(`category|${category}`, () => filterByCategory(products, category)),
    getCategoryDetail: (name) => details.get(name) ?? details.get(canonicalCategory(name) ?? ""),
    listCategoryDetails: () => categoryDetails,
    search: (query) => {
      const key = query.trim().toLowerCase();
      const kept = searches.get(key);
      if (kept) return kept;
      index ??= createProductSearchIndex(products);
      const found = index.search(query, getProduct);
      searches.set(key, found);
      return found;
    },
    memo,
  };
}
