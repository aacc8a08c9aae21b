import type { QueryClient } from "@tanstack/react-query";
import { redirectFor } from "../api/staff-access.ts";
import { invitationQuery, meQuery } from "../api/staff-calls.ts";
import { pageData } from "./page-data.ts";
import { pageAt } from "./route-table.ts";

export type PrefetchOutcome = { status: number } | { redirect: string };

/**
 * What the server fetches before drawing a page, through the page request's own query client
 * (its cookies, in-process): who is signed in, which every page's header shows, the page not
 * found's too (asked in the browser instead, a 401 is logged there as an error), with the
 * invitation the link opens; then the page's own data. A page that is not for this person is
 * answered with a redirect, so it is never drawn for them.
 */
export async function prefetchPage(queryClient: QueryClient, url: URL): Promise<PrefetchOutcome> {
  const matched = pageAt(url.pathname);
  const token = matched?.page === "invitation" ? (url.searchParams.get("token") ?? "") : undefined;
  const [me] = await Promise.all([
    queryClient.fetchQuery(meQuery()),
    token === undefined ? undefined : queryClient.prefetchQuery(invitationQuery(token)),
  ]);
  if (matched === undefined) {
    // "/gestion/entrar/" is "/gestion/entrar"; anything else is no page of ours.
    const trimmed = url.pathname.replace(/\/+$/, "");
    return pageAt(trimmed) ? { redirect: `${trimmed}${url.search}` } : { status: 404 };
  }
  const { page, params } = matched;
  if (page === "invitation") return { status: 200 };
  const redirect = redirectFor(page, me);
  if (redirect !== undefined) return { redirect };
  const answered = await pageData[page]?.(queryClient, { url, params });
  return answered ?? { status: 200 };
}
