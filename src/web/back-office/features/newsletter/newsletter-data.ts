import type { PageData } from "../../api/page-data.ts";
import { issueQuery, issuesQuery, subscribersQuery } from "./newsletter-calls.ts";
import { issuesPageOf } from "./newsletter-url.ts";

/**
 * The subscribers at the address's query, fetched on the server before the page is drawn (issue
 * 32): the page is whole without its script, and a query the API refuses is answered 400.
 */
export const subscribersPageData: PageData = async (queryClient, { url }) => {
  const query = subscribersQuery(url.search);
  await queryClient.prefetchQuery(query);
  return queryClient.getQueryData(query.queryKey)?.kind === "invalid" ? { status: 400 } : undefined;
};

/** The page of issues sent that the address asks for. */
export const newsletterIssuesPageData: PageData = async (queryClient, { url }) => {
  await queryClient.prefetchQuery(issuesQuery(issuesPageOf(url.search)));
  return undefined;
};

/** One issue sent; 404 for no such id. */
export const newsletterIssuePageData: PageData = async (queryClient, { params }) => {
  const query = issueQuery(params.id ?? "");
  await queryClient.prefetchQuery(query);
  return queryClient.getQueryData(query.queryKey)?.kind === "missing" ? { status: 404 } : undefined;
};
