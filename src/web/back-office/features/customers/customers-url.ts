import {
  type CustomerListQuery,
  customerListQuerySchema,
} from "#shared/api/back-office-customer-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";

/** The list's query as the page's address carries it (`?q=ana&page=2`); `ok: false` when the API would refuse it. */
export type CustomersAddress = { ok: true; query: CustomerListQuery } | { ok: false };

export function readCustomersAddress(search: string): CustomersAddress {
  const params = new URLSearchParams(search);
  const raw: Record<string, string> = {};
  for (const key of ["q", "page", "pageSize"]) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  const parsed = customerListQuerySchema.safeParse(raw);
  return parsed.success ? { ok: true, query: parsed.data } : { ok: false };
}

/** Only what differs from the defaults, in one order: one list, one address, one cache key. */
export function customersSearch(query: CustomerListQuery): string {
  const params = new URLSearchParams();
  if (query.q !== undefined) params.set("q", query.q);
  if (query.pageSize !== 25) params.set("pageSize", String(query.pageSize));
  if (query.page !== 1) params.set("page", String(query.page));
  const search = params.toString();
  return search === "" ? "" : `?${search}`;
}

export const customersHref = (query: CustomerListQuery) =>
  `${backOfficePaths.customers()}${customersSearch(query)}`;
