import type { PageData } from "../../api/page-data.ts";
import { customerQuery } from "./customer-calls.ts";

/** The customer's page, fetched on the server before it is drawn; 404 for no such customer. */
export const customerPageData: PageData = async (queryClient, { params }) => {
  const query = customerQuery(params.id ?? "");
  await queryClient.prefetchQuery(query);
  return queryClient.getQueryData(query.queryKey)?.kind === "missing" ? { status: 404 } : undefined;
};
