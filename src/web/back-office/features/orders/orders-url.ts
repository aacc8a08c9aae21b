import { type StaffOrderListQuery, staffOrderListQuerySchema } from "#shared/api/back-office-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";

/** The list's query as the page's address carries it: `?q=ana&status=pagado&status=enviado&page=2`. */
export type ListAddress = { ok: true; query: StaffOrderListQuery } | { ok: false };

/** The address's query read as the API reads it (`status` may repeat); `ok: false` when it cannot be. */
export function readListAddress(search: string): ListAddress {
  const params = new URLSearchParams(search);
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    raw[key] = values.length === 1 ? (values[0] ?? "") : values;
  }
  const parsed = staffOrderListQuerySchema.safeParse(raw);
  return parsed.success ? { ok: true, query: parsed.data } : { ok: false };
}

/**
 * The query as an address's search (`?…`, or "" for the first page of everything newest first):
 * only what differs from the defaults, in one order, so one list has one address and one cache key.
 */
export function listSearch(query: StaffOrderListQuery): string {
  const params = new URLSearchParams();
  if (query.q !== undefined) params.set("q", query.q);
  for (const status of query.status ?? []) params.append("status", status);
  if (query.from !== undefined) params.set("from", query.from);
  if (query.to !== undefined) params.set("to", query.to);
  if (query.method !== undefined) params.set("method", query.method);
  if (query.zone !== undefined) params.set("zone", query.zone);
  if (query.sort !== "placedAt") params.set("sort", query.sort);
  if (query.dir !== "desc") params.set("dir", query.dir);
  if (query.pageSize !== 25) params.set("pageSize", String(query.pageSize));
  if (query.page !== 1) params.set("page", String(query.page));
  const search = params.toString();
  return search === "" ? "" : `?${search}`;
}

/** The list's page at this query. */
export const listHref = (query: StaffOrderListQuery) => `${backOfficePaths.orders()}${listSearch(query)}`;

/** Whether the query narrows the list (anything but its order, its page and their size). */
export const isFiltered = ({ q, status, from, to, method, zone }: StaffOrderListQuery) =>
  [q, status, from, to, method, zone].some((value) => value !== undefined);
