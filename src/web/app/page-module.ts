import type { QueryClient } from "@tanstack/react-query";
import type { ComponentType } from "react";
import type { Lang } from "#shared/lang.ts";

export type PrefetchContext = {
  queryClient: QueryClient;
  /**
   * Whether the page is drawn for a signed-in shopper (their calls carry the page's cookies); not
   * for a guest (decision 032).
   */
  signedIn: boolean;
  lang: Lang;
  params: Readonly<Record<string, string | undefined>>;
  searchParams: URLSearchParams;
};

/** What the server does with the page: render it (200 or 404) or send the shopper elsewhere. */
export type PrefetchOutcome = { status: 200 | 403 | 404 | 410 } | { redirect: string };

/**
 * A lazily loaded page: its component, and what it needs in the query cache before the server
 * renders it. In the browser the component fetches the same queries itself (useSuspenseQuery).
 */
export type PageModule = {
  Component: ComponentType;
  prefetch?: (context: PrefetchContext) => Promise<PrefetchOutcome>;
};

export const ok: PrefetchOutcome = { status: 200 };
export const notFound: PrefetchOutcome = { status: 404 };

/**
 * A signed-in shopper's page: the server fetches what it shows with their cookies, so the HTML
 * holds their orders or addresses instead of a spinner. A signed-out visitor only gets the guard.
 */
export async function prefetchForShopper(
  context: PrefetchContext,
  load: (queryClient: QueryClient) => Promise<void>[],
): Promise<PrefetchOutcome> {
  if (context.signedIn) await Promise.all(load(context.queryClient));
  return ok;
}
