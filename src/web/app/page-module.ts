import type { QueryClient } from "@tanstack/react-query";
import type { ComponentType } from "react";
import type { Lang } from "#shared/lang.ts";

export type PrefetchContext = {
  queryClient: QueryClient;
  lang: Lang;
  params: Readonly<Record<string, string | undefined>>;
  searchParams: URLSearchParams;
};

/** What the server does with the page: render it (200 or 404) or send the shopper elsewhere. */
export type PrefetchOutcome = { status: 200 | 404 } | { redirect: string };

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
