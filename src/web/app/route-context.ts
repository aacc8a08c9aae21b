import type { QueryClient } from "@tanstack/react-query";
import type { Lang } from "#shared/lang.ts";

/** What loaders need: the request's query cache and the shopper's language. */
export type RouteContext = {
  queryClient: QueryClient;
  getLang: () => Lang;
};
