import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { TestConfirmRequest } from "#shared/api/payment-contract.ts";
import { answerOf, api, apiQuery } from "#web/lib/api-client.ts";
import { perUserMeta } from "#web/lib/query-client.ts";

/**
 * How an order awaiting payment is paid (decision 034), read from the provider each time. Keyed
 * under the order, so the live stream's "orders" change (the provider was heard) refetches it.
 */
export const paymentSessionQuery = (orderId: string) =>
  queryOptions({
    queryKey: ["orders", orderId, "payment"],
    queryFn: apiQuery((api) => api.orders[":id"].payment.$get({ param: { id: orderId } })),
    staleTime: 0,
    retry: false,
    meta: perUserMeta,
  });

export function usePaymentSession(orderId: string) {
  return useQuery(paymentSessionQuery(orderId));
}

/** Asks again for the order and how it is paid (the one key covers both). */
export function useRefreshOrder(orderId: string): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: ["orders", orderId] }),
    [queryClient, orderId],
  );
}

/** The intent a client secret belongs to: what comes before "_secret_", as in Stripe's. */
export function intentIdOf(clientSecret: string): string {
  return clientSecret.split("_secret_")[0] ?? clientSecret;
}

/** The built-in test provider's confirmation: a card token or a phone, never a card number. */
export function useConfirmTestPayment() {
  return useMutation({
    mutationFn: (request: TestConfirmRequest) =>
      answerOf(
        api.payments.test.intents[":id"].confirm.$post({
          param: { id: encodeURIComponent(intentIdOf(request.clientSecret)) },
          json: request,
        }),
      ),
  });
}
