import type { QueryClient } from "@tanstack/react-query";
import type { ApiErrorBody } from "#shared/api/error-contract.ts";
import { type Fetcher, fetcherOf } from "./query-client.ts";

/** An API answer other than 2xx, carrying the server's error code for translation. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** A call to the API; `fetcher` is the browser's `fetch` unless a query says otherwise. */
export async function apiRequest<T>(
  path: string,
  init?: RequestInit,
  fetcher: Fetcher = (input, options) => fetch(input, options),
): Promise<T> {
  const response = await fetcher(path, {
    ...init,
    headers: {
      accept: "application/json",
      ...(init?.body ? { "content-type": "application/json" } : {}),
      ...init?.headers,
    },
  });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
}

/** Like apiRequest, but a 404 is an answer (null) rather than an error. */
export async function apiGetOrNull<T>(path: string, fetcher?: Fetcher): Promise<T | null> {
  try {
    return await apiRequest<T>(path, undefined, fetcher);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

type QueryContext = { client: QueryClient };

/**
 * A query's GET of the API, through the fetcher of the query client running it: on the server,
 * the page request's in-process call (same requests as the browser, no network).
 */
export function apiQuery<T>(path: string): (context: QueryContext) => Promise<T> {
  return ({ client }) => apiRequest<T>(path, undefined, fetcherOf(client));
}

/** Like apiQuery, but a 404 is an answer (null). */
export function apiQueryOrNull<T>(path: string): (context: QueryContext) => Promise<T | null> {
  return ({ client }) => apiGetOrNull<T>(path, fetcherOf(client));
}

/** Our errors are { error: { code, message } }; the identity endpoints answer { code, message }. */
async function toApiError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as Partial<ApiErrorBody> & { code?: string; message?: string };
    const code = body.error?.code ?? body.code ?? "http-error";
    return new ApiError(response.status, code, body.error?.message ?? body.message ?? response.statusText);
  } catch {
    return new ApiError(response.status, "http-error", response.statusText);
  }
}
