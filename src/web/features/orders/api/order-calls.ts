import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import type { Lang } from "#shared/lang.ts";
import { answerOf, api, apiQuery } from "#web/lib/api-client.ts";
import { useLang } from "#web/lib/i18n/i18n.tsx";
import { perUserMeta } from "#web/lib/query-client.ts";

/** Keyed "orders" like the live-updates document; one order is ["orders", id]. */
export const ordersQuery = queryOptions({
  queryKey: ["orders"],
  queryFn: apiQuery((api) => api.orders.$get()),
  meta: perUserMeta,
});

const orderIdSchema = z.uuid();

/** An order id from the address bar, or null when it cannot be one (the page shows not-found). */
export function orderIdFrom(value: string | null | undefined): string | null {
  const parsed = orderIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: ["orders", id],
    queryFn: apiQuery((api) => api.orders[":id"].$get({ param: { id } })),
    meta: perUserMeta,
  });

export function useOrders() {
  return useQuery(ordersQuery);
}

export function useOrder(id: string | null) {
  return useQuery({ ...orderQuery(id ?? ""), enabled: id !== null, retry: false });
}

export const creditNotesQuery = queryOptions({
  queryKey: ["orders", "credit-notes"],
  queryFn: apiQuery((api) => api.orders["credit-notes"].$get()),
  meta: perUserMeta,
});

export function useCreditNotes() {
  return useQuery(creditNotesQuery);
}

/** Units of some lines to return, `{ lineId, quantity }` each (decision 059). */
export type ReturnLines = { lineId: number; quantity: number }[];

/** Asks, from the account, to return some units of a delivered order; answers the order as it now is. */
export function useRequestReturn(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lines: ReturnLines) =>
      answerOf(api.orders[":id"].returns.$post({ param: { id: orderId }, json: { lines } })),
    onSuccess: (order) => {
      if (order) queryClient.setQueryData(orderQuery(order.id).queryKey, order);
      void queryClient.invalidateQueries({ queryKey: ["orders"] });
    },
  });
}

/** The shopper's own steps: cancel before shipping, ask to return within 14 days of delivery. */
export type ShopperStep = "cancel" | "return";

/** Takes a step on an order; the answer is the order as it now stands. */
export function useOrderStep(step: ShopperStep) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answerOf(api.orders[":id"][step].$post({ param: { id } })),
    onSuccess: (order) => {
      queryClient.setQueryData(orderQuery(order.id).queryKey, order);
      void queryClient.invalidateQueries({ queryKey: ["orders"] });
    },
  });
}

export const purchasedQuery = (lang: Lang) =>
  queryOptions({
    queryKey: ["orders", "purchased-products", lang],
    queryFn: apiQuery((api) => api.orders["purchased-products"].$get({ query: { lang } })),
    meta: perUserMeta,
  });

export function usePurchasedProducts() {
  return useQuery(purchasedQuery(useLang()));
}
