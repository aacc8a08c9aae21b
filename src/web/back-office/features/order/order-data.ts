import type { PageData } from "../../api/page-data.ts";
import { orderQuery } from "./order-calls.ts";

/**
 * The order at the address, fetched on the server before the page is drawn (issue 30): the page
 * is whole without its script, and an unknown number is answered 404.
 */
export const orderPageData: PageData = async (queryClient, { params }) => {
  const query = orderQuery(params.number ?? "");
  await queryClient.prefetchQuery(query);
  return queryClient.getQueryData(query.queryKey)?.kind === "not-found" ? { status: 404 } : undefined;
};
