import type { QueryClient } from "@tanstack/react-query";
import type { ClientResponse, hc } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
// The one import of the server's code the web has, and only its type (decision 039).
import type { ShopApi } from "#server/shop-api.ts";
import { type ApiErrorBody, errorPartsOf } from "#shared/api/error-contract.ts";
import { callChain } from "./api-chain.ts";
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

/** The API as its routes declare it: `/api` and the path as properties, `api.cart[":id"].$put(…)`. */
export type ShopClient = ReturnType<typeof hc<ShopApi>>;

/**
 * The typed client over a fetcher: the browser's `fetch`, or a page request's in-process calls.
 * Typed as Hono's client over the API's type; run by `callChain`, which makes the same requests.
 */
export function shopClient(fetcher: Fetcher): ShopClient;
export function shopClient(fetcher: Fetcher): unknown {
  return callChain(fetcher, ["/api"]);
}

/** The browser's client (mutations and other calls made outside a query). */
export const api = shopClient((input, init) => fetch(input, init));

/**
 * The body of a call's 2xx answers, as its route declares it (`c.json(view)`); never a caller's
 * guess. The shop's error body is never one: where a route passes its status as a variable
 * (`c.json(body, status)`), Hono's types cannot tell its error answers from its 2xx ones.
 */
export type AnswerOf<R> =
  R extends ClientResponse<infer T, infer S, infer _F>
    ? [Extract<S, SuccessStatusCode>] extends [never]
      ? never
      : Exclude<T, ApiErrorBody>
    : never;

/** A call's answer: its 2xx body, or an ApiError with the server's code. */
export async function answerOf<R extends ClientResponse<unknown>>(call: Promise<R>): Promise<AnswerOf<R>> {
  const response = await call;
  if (!response.ok) throw await toApiError(response);
  // The answer's type is the route's own (hc's types narrowed to 2xx), not one named at the call
  // site; that the body really has it is the server's promise, not checked here (decision 039).
  return (await response.json()) as AnswerOf<R>;
}

/** Like answerOf, but a 404 is an answer (null) rather than an error. */
export async function answerOrNull<R extends ClientResponse<unknown>>(
  call: Promise<R>,
): Promise<AnswerOf<R> | null> {
  try {
    return await answerOf(call);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

type QueryContext = { client: QueryClient };

/** The typed client of the query client running a query (decision 012). */
export const clientOf = (queryClient: QueryClient): ShopClient => shopClient(fetcherOf(queryClient));

/**
 * A query's call of the API, through the fetcher of the query client running it: on the server,
 * the page request's in-process call (same requests as the browser, no network).
 */
export function apiQuery<R extends ClientResponse<unknown>>(
  call: (api: ShopClient) => Promise<R>,
): (context: QueryContext) => Promise<AnswerOf<R>> {
  return ({ client }) => answerOf(call(clientOf(client)));
}

/** Like apiQuery, but a 404 is an answer (null). */
export function apiQueryOrNull<R extends ClientResponse<unknown>>(
  call: (api: ShopClient) => Promise<R>,
): (context: QueryContext) => Promise<AnswerOf<R> | null> {
  return ({ client }) => answerOrNull(call(clientOf(client)));
}

/** What an answer that is not 2xx reads as, with the server's code (ours, or better-auth's). */
export async function toApiError(response: {
  status: number;
  statusText: string;
  json(): Promise<unknown>;
}): Promise<ApiError> {
  const { code, message } = errorPartsOf(await response.json().catch(() => null));
  return new ApiError(response.status, code ?? "http-error", message ?? response.statusText);
}

/** A JSON body for a route that reads its body itself (no validator: hc's types take none). */
export const jsonBody = (body: unknown) => ({
  init: {
    body: JSON.stringify(body),
    headers: { accept: "application/json", "content-type": "application/json" },
  },
});
