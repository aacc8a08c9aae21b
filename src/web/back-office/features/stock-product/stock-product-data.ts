import type { PageData } from "../../api/page-data.ts";
import { stockProductQuery } from "./stock-product-calls.ts";

/** The product's stock page, fetched on the server before it is drawn; 404 for no such product. */
export const stockProductPageData: PageData = async (queryClient, { params, url }) => {
  const query = stockProductQuery(params.id ?? "", url.search);
  await queryClient.prefetchQuery(query);
  return queryClient.getQueryData(query.queryKey)?.kind === "missing" ? { status: 404 } : undefined;
};
