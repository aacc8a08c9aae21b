import type { Catalog } from "#catalog/catalog.ts";
import { ageGroups, topCategories } from "#catalog/categories.ts";
import { productMatchesCategory } from "#catalog/category-filter.ts";
import type { Product } from "#catalog/product-schema.ts";
import { PAGE_SIZE, type ProductPage, type Sort } from "#shared/api/catalog-contract.ts";
import type { Lang } from "#shared/lang.ts";
import type { StockLevels } from "../stock/stock-repository.ts";
import { toProductCard } from "./product-views.ts";

const RELATED_COUNT = 8;
const GIFTS_PER_AGE = 8;

const collator = { es: new Intl.Collator("es"), pt: new Intl.Collator("pt") };

export function sortProducts(products: readonly Product[], sort: Sort, lang: Lang): Product[] {
  const copy = [...products];
  switch (sort) {
    case "price-asc":
      return copy.sort((a, b) => a.priceCents - b.priceCents || a.id - b.id);
    case "price-desc":
      return copy.sort((a, b) => b.priceCents - a.priceCents || a.id - b.id);
    case "name":
      return copy.sort((a, b) => collator[lang].compare(titleOf(a, lang), titleOf(b, lang)));
    case "newest":
      return copy.sort((a, b) => b.id - a.id);
  }
}

/** A category's products (all of them without one) in this order, worked out once per revision. */
export function listSorted(catalog: Catalog, category: string | undefined, sort: Sort, lang: Lang) {
  return catalog.memo(`sorted|${category ?? ""}|${sort}|${lang}`, () =>
    sortProducts(catalog.listProductsByCategory(category), sort, lang),
  );
}

/** One page of a list, with the stock read for that page's products only. */
export async function paginate(
  products: readonly Product[],
  page: number,
  lang: Lang,
  loadStock: (productIds: number[]) => Promise<StockLevels>,
): Promise<ProductPage> {
  const pageCount = Math.max(1, Math.ceil(products.length / PAGE_SIZE));
  const start = (page - 1) * PAGE_SIZE;
  const items = products.slice(start, start + PAGE_SIZE);
  const stock = await loadStock(items.map((p) => p.id));
  return {
    items: items.map((p) => toProductCard(p, lang, stock)),
    total: products.length,
    page,
    pageCount,
  };
}

/** Same sub-category first, then same top category; never the product itself. */
export function relatedProducts(catalog: Catalog, product: Product): Product[] {
  const bySub = groupedBy(catalog, "subcategoria");
  const byTop = groupedBy(catalog, "categoria");
  const sameSub = product.subcategoria === "" ? [] : (bySub.get(product.subcategoria) ?? []);
  const sameTop = product.categoria === "" ? [] : (byTop.get(product.categoria) ?? []);
  const related: Product[] = [];
  for (const candidate of [
    ...sameSub.slice(0, RELATED_COUNT + 1),
    ...sameTop.slice(0, 2 * RELATED_COUNT + 2),
  ]) {
    if (related.length === RELATED_COUNT) break;
    if (candidate.id !== product.id && !related.includes(candidate)) related.push(candidate);
  }
  return related;
}

/** The catalogue's products by one field's value, in id order, once per revision. */
function groupedBy(catalog: Catalog, field: "categoria" | "subcategoria"): ReadonlyMap<string, Product[]> {
  return catalog.memo(`grouped|${field}`, () => {
    const groups = new Map<string, Product[]>();
    for (const product of catalog.listProducts()) {
      const group = groups.get(product[field]);
      if (group) group.push(product);
      else groups.set(product[field], [product]);
    }
    return groups;
  });
}

const FEATURED_COUNT = 8;

/** The newest products, taken in turns from each top category so every one is shown. */
export function featuredProducts(catalog: Catalog): Product[] {
  return catalog.memo("featured", () => pickFeatured(catalog));
}

function pickFeatured(catalog: Catalog): Product[] {
  const queues = topCategories
    .filter((name) => name !== "Regalo")
    .map((name) => sortProducts(catalog.listProductsByCategory(name), "newest", "es"));
  const featured: Product[] = [];
  for (let round = 0; featured.length < FEATURED_COUNT && queues.some((q) => q.length > round); round++) {
    for (const queue of queues) {
      const product = queue[round];
      if (product && featured.length < FEATURED_COUNT) featured.push(product);
    }
  }
  return featured;
}

export function giftsByAge(catalog: Catalog) {
  const gifts = catalog.listProductsByCategory("Regalo");
  return ageGroups.map((age) => ({
    age,
    products: gifts.filter((p) => productMatchesCategory(p, age)).slice(0, GIFTS_PER_AGE),
  }));
}

function titleOf(product: Product, lang: Lang): string {
  return lang === "pt" ? product.pt.texto : product.texto;
}
