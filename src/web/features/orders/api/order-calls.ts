import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OrderSummary, OrderView } from "#shared/api/order-contract.ts";
import { apiRequest } from "#web/lib/api-client.ts";
import { perUserMeta } from "#web/lib/query-client.ts";

/** Keyed "orders" like the live-updates document; one order is ["orders", id]. */
export const ordersQuery = queryOptions({
  queryKey: ["orders"],
  queryFn: () => apiRequest<{ items: OrderSummary[] }>("/api/orders"),
  meta: perUserMeta,
});

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: ["orders", id],
    queryFn: () => apiRequest<OrderView>(`/api/orders/${id}`),
    meta: perUserMeta,
  });

export function useOrders() {
  return useQuery(ordersQuery);
}

export function useOrder(id: string | null) {
  return useQuery({ ...orderQuery(id ?? ""), enabled: id !== null, retry: false });
}
