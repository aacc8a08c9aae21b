import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CouponView } from "#shared/api/coupon-contract.ts";
import { apiQuery } from "#web/lib/api-client.ts";
import { perUserMeta } from "#web/lib/query-client.ts";

/** Under "orders": placing or cancelling an order changes which coupons are usable. */
export const couponsQuery = queryOptions({
  queryKey: ["orders", "coupons"],
  queryFn: apiQuery<{ items: CouponView[] }>("/api/coupons"),
  meta: perUserMeta,
});

export function useCoupons() {
  return useQuery(couponsQuery);
}
