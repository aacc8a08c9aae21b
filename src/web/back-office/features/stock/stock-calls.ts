import { queryOptions } from "@tanstack/react-query";
import {
  type StockList,
  stockApi,
  stockListSchema,
  stockThresholdSchema,
} from "#shared/api/back-office-stock-contract.ts";
import { type Fetcher, fetcherOf } from "#web/lib/query-client.ts";
import { staffApiError } from "../../api/staff-api-error.ts";
import { browserFetch, call } from "../../api/staff-calls.ts";
import { readStockAddress, stockSearch } from "./stock-url.ts";

/** The list at an address: a page of products, or a query the API refuses (a hand-edited address). */
export type StockAnswer = { kind: "list"; list: StockList } | { kind: "invalid" };

/** Every stock query starts with this key: an adjustment makes them all stale. */
export const stockKey = ["gestion", "stock"] as const;

/** The products at the page's address (`search`, its `?…`), as the API answers them. */
export const stockListQuery = (search: string) => {
  const address = readStockAddress(search);
  const canonical = address.ok ? stockSearch(address.query) : search;
  return queryOptions({
    queryKey: [...stockKey, "list", address.ok ? canonical : `invalid:${search}`],
    queryFn: async ({ client }): Promise<StockAnswer> =>
      address.ok ? fetchStock(fetcherOf(client), canonical) : { kind: "invalid" },
    staleTime: 10_000,
  });
};

async function fetchStock(fetcher: Fetcher, search: string): Promise<StockAnswer> {
  const response = await fetcher(`${stockApi.list}${search}`, { headers: { accept: "application/json" } });
  const answer: unknown = await response.json().catch(() => null);
  if (response.status === 400) return { kind: "invalid" };
  if (!response.ok) throw staffApiError(response, answer);
  return { kind: "list", list: stockListSchema.parse(answer) };
}

const thresholdAnswerSchema = stockThresholdSchema;

/** The owner sets the low-stock threshold: the one the server now keeps. */
export async function setThreshold(lowStockUnits: number): Promise<number> {
  const answer = await call(browserFetch, stockApi.threshold, { lowStockUnits });
  return thresholdAnswerSchema.parse(answer).lowStockUnits;
}
