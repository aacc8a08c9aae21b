import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PlaceOrderRequest, QuoteRequest } from "#shared/api/order-contract.ts";
import { answerOf, api } from "#web/lib/api-client.ts";
import { useLang } from "#web/lib/i18n/i18n.tsx";
import { perUserMeta } from "#web/lib/query-client.ts";

/** The server's price of the cart for the chosen address, method and coupon. */
export function useQuote(request: QuoteRequest | null) {
  return useQuery({
    queryKey: ["checkoutQuote", request],
    // Never run without a request: it is only enabled, and refetched, once there is one.
    queryFn: () =>
      request ? answerOf(api.orders.quote.$post({ json: request })) : Promise.reject(new Error("No quote")),
    enabled: request !== null,
    // Changing the method or the coupon keeps the old figures on screen until the new ones come.
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: perUserMeta,
  });
}

export function usePlaceOrder() {
  const lang = useLang();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PlaceOrderRequest) =>
      answerOf(api.orders.$post({ query: { lang }, json: request })),
    onSuccess: (order) => {
      // The orders feature reads one order under ["orders", id].
      queryClient.setQueryData(["orders", order.id], order);
      // The server emptied the cart and took the stock.
      void queryClient.invalidateQueries({ queryKey: ["cart"] });
      void queryClient.invalidateQueries({ queryKey: ["orders"] });
    },
  });
}
