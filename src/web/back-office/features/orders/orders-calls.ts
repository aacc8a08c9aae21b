import { queryOptions } from "@tanstack/react-query";
import { type StaffOrderList, staffOrderListSchema } from "#shared/api/back-office-contract.ts";
import { type Fetcher, fetcherOf } from "#web/lib/query-client.ts";
import { staffApiError } from "../../api/staff-api-error.ts";
import { listSearch, readListAddress } from "./orders-url.ts";

/** The list at an address: a page of orders, or a query the API refuses (a hand-edited address). */
export type OrdersAnswer = { kind: "list"; list: StaffOrderList } | { kind: "invalid" };

const ORDERS_API = "/api/gestion/orders";
/** What the live banner's refresh asks again: every list of orders. */
export const ordersKey = ["gestion", "orders"] as const;

/** The list of orders at the page's address (`search`, its `?…`), as the API answers it. */
export const ordersQuery = (search: string) => {
  const address = readListAddress(search);
  const canonical = address.ok ? listSearch(address.query) : search;
  return queryOptions({
    queryKey: [...ordersKey, address.ok ? canonical : `invalid:${search}`],
    queryFn: async ({ client }): Promise<OrdersAnswer> => {
      if (!address.ok) return { kind: "invalid" };
      return fetchOrders(fetcherOf(client), canonical);
    },
    staleTime: 10_000,
  });
};

async function fetchOrders(fetcher: Fetcher, search: string): Promise<OrdersAnswer> {
  const response = await fetcher(`${ORDERS_API}${search}`, { headers: { accept: "application/json" } });
  const answer: unknown = await response.json().catch(() => null);
  if (response.status === 400) return { kind: "invalid" };
  if (!response.ok) throw staffApiError(response, answer);
  return { kind: "list", list: staffOrderListSchema.parse(answer) };
}
