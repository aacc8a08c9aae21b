import type { PageData } from "../../api/page-data.ts";
import { couponUsesQuery } from "./promotion-uses-calls.ts";
import { promotionQuery, promotionsQuery } from "./promotions-calls.ts";

/** The coupons with their use, fetched on the server before the list is drawn. */
export const promotionsPageData: PageData = async (queryClient) => {
  await queryClient.prefetchQuery(promotionsQuery());
  return undefined;
};

/** A coupon's page and a page of its orders, fetched on the server before it is drawn; 404 for no such code. */
export const promotionPageData: PageData = async (queryClient, { params, url }) => {
  const query = promotionQuery(params.code ?? "");
  await Promise.all([
    queryClient.prefetchQuery(query),
    queryClient.prefetchQuery(couponUsesQuery(params.code ?? "", url.search)),
  ]);
  return queryClient.getQueryData(query.queryKey)?.kind === "missing" ? { status: 404 } : undefined;
};
