import { type CatalogListQuery, catalogListQuerySchema } from "#shared/api/back-office-catalog-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";

/**
 * The list's query as the page's address carries it (`?q=gato&category=Peluche&state=hidden&page=2`);
 * `ok: false` when the API would refuse it (a hand-edited address).
 */
export type CatalogAddress = { ok: true; query: CatalogListQuery } | { ok: false };

export function readCatalogAddress(search: string): CatalogAddress {
  const params = new URLSearchParams(search);
  const raw: Record<string, string> = {};
  for (const key of ["q", "category", "state", "page"]) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  const parsed = catalogListQuerySchema.safeParse(raw);
  return parsed.success ? { ok: true, query: parsed.data } : { ok: false };
}

/** Only what differs from the defaults, in one order: one list, one address, one cache key. */
export function catalogSearch(query: CatalogListQuery): string {
  const params = new URLSearchParams();
  if (query.q !== undefined) params.set("q", query.q);
  if (query.category !== undefined) params.set("category", query.category);
  if (query.state !== undefined) params.set("state", query.state);
  if (query.page !== 1) params.set("page", String(query.page));
  const search = params.toString();
  return search === "" ? "" : `?${search}`;
}

export const catalogHref = (query: CatalogListQuery) => `${backOfficePaths.catalog()}${catalogSearch(query)}`;
