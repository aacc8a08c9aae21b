import type { PageData } from "../../api/page-data.ts";
import { promotionQuery, promotionsQuery } from "./promotions-calls.ts";

/** The coupons with their use, fetched on the server before the list is drawn. */
export const promotionsPageData: PageData = async (queryClient) => {
  await queryClient.prefetchQuery(promotionsQuery());
  return undefined;
};

/** A coupon's page, fetched on the server before it is drawn; 404 for no such code. */
export const promotionPageData: PageData = async (queryClient, { params }) => {
  const query = promotionQuery(params.code ?? "");
  await queryClient.prefetchQuery(query);
  return queryClient.getQueryData(query.queryKey)?.kind === "missing" ? { status: 404 } : undefined;
};
