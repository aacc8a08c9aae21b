import { QueryClient } from "@tanstack/react-query";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/** Queries holding the signed-in shopper's own data carry this meta, to be forgotten on sign-out. */
export const perUserMeta = { perUser: true } as const;

export function forgetShopperData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.meta?.perUser === true });
}
