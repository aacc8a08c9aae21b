import { QueryClient, type QueryClientConfig } from "@tanstack/react-query";

/** How a page's queries reach the API: `fetch` in the browser, the API's handlers on the server. */
export type Fetcher = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * A query client that carries the way its queries call the API: the server renders each page
 * with one whose fetcher calls the API in-process with that request's cookies.
 */
export class ApiQueryClient extends QueryClient {
  readonly apiFetch: Fetcher;
  constructor(config: QueryClientConfig, apiFetch: Fetcher) {
    super(config);
    this.apiFetch = apiFetch;
  }
}

const browserFetch: Fetcher = (input, init) => fetch(input, init);

/**
 * On the server a failed call is answered at once (the browser tries again); in the browser, once
 * more. The server passes the page request's own `fetcher`.
 */
export function createQueryClient({ onServer = false, fetcher = browserFetch } = {}): ApiQueryClient {
  return new ApiQueryClient(
    {
      defaultOptions: {
        queries: { staleTime: 60_000, retry: onServer ? false : 1, refetchOnWindowFocus: false },
      },
    },
    fetcher,
  );
}

/** The fetcher of the query client running a query (the browser's `fetch` for any other client). */
export function fetcherOf(client: QueryClient): Fetcher {
  return client instanceof ApiQueryClient ? client.apiFetch : browserFetch;
}

/** Queries holding the signed-in shopper's own data carry this meta, to be forgotten on sign-out. */
export const perUserMeta = { perUser: true } as const;

export function forgetShopperData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.meta?.perUser === true });
}
