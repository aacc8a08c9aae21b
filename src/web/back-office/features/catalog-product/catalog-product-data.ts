import type { PageData } from "../../api/page-data.ts";
import { catalogProductQuery } from "./catalog-product-calls.ts";

/** A product's page, fetched on the server before it is drawn; 404 for no such product. */
export const catalogProductPageData: PageData = async (queryClient, { params }) => {
  const query = catalogProductQuery(params.id ?? "");
  await queryClient.prefetchQuery(query);
  return queryClient.getQueryData(query.queryKey)?.kind === "missing" ? { status: 404 } : undefined;
};
