import type { PageData } from "../../api/page-data.ts";
import { catalogListQuery } from "./catalog-calls.ts";

/**
 * The list at the address's query, fetched on the server before the page is drawn (issue 32): the
 * page is whole without its script, and a query the API refuses is answered 400.
 */
export const catalogPageData: PageData = async (queryClient, { url }) => {
  const query = catalogListQuery(url.search);
  await queryClient.prefetchQuery(query);
  return queryClient.getQueryData(query.queryKey)?.kind === "invalid" ? { status: 400 } : undefined;
};
