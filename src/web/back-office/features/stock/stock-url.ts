import { type StockListQuery, stockListQuerySchema } from "#shared/api/back-office-stock-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";

/** The list's query as the page's address carries it (`?q=robot&low=1&page=2`); `ok: false` when the API would refuse it. */
export type StockAddress = { ok: true; query: StockListQuery } | { ok: false };

export function readStockAddress(search: string): StockAddress {
  const params = new URLSearchParams(search);
  const raw: Record<string, string> = {};
  for (const key of ["q", "low", "page"]) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  const parsed = stockListQuerySchema.safeParse(raw);
  return parsed.success ? { ok: true, query: parsed.data } : { ok: false };
}

/** Only what differs from the defaults, in one order: one list, one address, one cache key. */
export function stockSearch(query: StockListQuery): string {
  const params = new URLSearchParams();
  if (query.q !== undefined) params.set("q", query.q);
  if (query.low) params.set("low", "1");
  if (query.page !== 1) params.set("page", String(query.page));
  const search = params.toString();
  return search === "" ? "" : `?${search}`;
}

export const stockHref = (query: StockListQuery) => `${backOfficePaths.stock()}${stockSearch(query)}`;
