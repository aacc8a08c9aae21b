import type { PageData } from "../../api/page-data.ts";
import { dashboardQuery } from "./dashboard-calls.ts";

/** What the page fetches on the server before it is drawn (issue 30): all its figures. */
export const dashboardPageData: PageData = async (queryClient) => {
  await queryClient.prefetchQuery(dashboardQuery());
  return undefined;
};
