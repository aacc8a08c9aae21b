import type { AuthGet, AuthPosts } from "#shared/api/auth-endpoints.ts";
import { toApiError } from "./api-client.ts";
import type { Fetcher } from "./query-client.ts";

const browserFetch: Fetcher = (input, init) => fetch(input, init);

/**
 * A POST to one of better-auth's endpoints (not in the API's type: one wildcard route serves
 * them), with the body its contract names. The answer is `unknown` until the caller checks it
 * (decision 039); a refusal is an ApiError with better-auth's code.
 */
export function authPost<P extends keyof AuthPosts>(endpoint: P, body: AuthPosts[P]): Promise<unknown> {
  return authCall(endpoint, { method: "POST", body: JSON.stringify(body) }, browserFetch);
}

/** A GET of one of better-auth's endpoints, through `fetcher` when a query runs it. */
export function authGet(endpoint: AuthGet, fetcher: Fetcher = browserFetch): Promise<unknown> {
  return authCall(endpoint, {}, fetcher);
}

async function authCall(path: string, init: RequestInit, fetcher: Fetcher): Promise<unknown> {
  const response = await fetcher(path, {
    ...init,
    headers: { accept: "application/json", ...(init.body ? { "content-type": "application/json" } : {}) },
  });
  if (!response.ok) throw await toApiError(response);
  return response.json();
}
