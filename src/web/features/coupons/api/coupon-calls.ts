import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiQuery } from "#web/lib/api-client.ts";
import { perUserMeta } from "#web/lib/query-client.ts";

/** Under "orders": placing or cancelling an order changes which coupons are usable. */
export const couponsQuery = queryOptions({
  queryKey: ["orders", "coupons"],
  queryFn: apiQuery((api) => api.coupons.$get()),
  meta: perUserMeta,
});

export function useCoupons() {
  return useQuery(couponsQuery);
}
