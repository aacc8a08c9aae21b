import { QueryClient } from "@tanstack/react-query";

/** On the server a failed call is answered at once (the browser tries again); in the browser, once more. */
export function createQueryClient({ onServer = false } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: onServer ? false : 1, refetchOnWindowFocus: false },
    },
  });
}

/** Queries holding the signed-in shopper's own data carry this meta, to be forgotten on sign-out. */
export const perUserMeta = { perUser: true } as const;

export function forgetShopperData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.meta?.perUser === true });
}
