import type { IncomingMessage, ServerResponse } from "node:http";
import type { z } from "zod";
import type { SessionUser } from "#shared/api/account-contract.ts";
import type { Logger } from "../logger.ts";
import { chosenEncoding } from "./accept-encoding.ts";
import { BODY_LIMIT_BYTES } from "./body-limit.ts";
import { gzipped } from "./compress-answers.ts";
import { bodyTexts, CARD_NUMBER_REFUSED, looksLikeCardNumber } from "./no-card-numbers.ts";
import { apiError, invalidRequest, MALFORMED_JSON } from "./validate.ts";

/** What a hot route answers: a status and a body sent as JSON. */
export type HotAnswer = { status: number; body: unknown };

/**
 * An API route answered before Hono (decision 023). `path` matches the path alone, its named
 * groups being the route's parameters; a request whose parameters or query fail their schemas is
 * left to the app, which answers it as for any other route.
 */
export type HotRoute = {
  method: "POST" | "PUT" | "DELETE";
  path: RegExp;
  /** The handler of a request whose parameters and query passed, or undefined for the app's. */
  accept(params: Record<string, string>, query: Record<string, string>): HotHandler | undefined;
};
type HotHandler = { withBody: boolean; answer(user: SessionUser, body: unknown): Promise<HotAnswer> };

/** A hot route from its schemas (the very ones its Hono route validates with) and its answer. */
export function hotRoute<Params, Query, Body = undefined>(spec: {
  method: HotRoute["method"];
  path: RegExp;
  params: z.ZodType<Params>;
  query: z.ZodType<Query>;
  body?: z.ZodType<Body>;
  answer(user: SessionUser, input: { params: Params; query: Query; body: Body }): Promise<HotAnswer>;
}): HotRoute {
  const { body: bodySchema } = spec;
  return {
    method: spec.method,
    path: spec.path,
    accept(rawParams, rawQuery) {
      const params = spec.params.safeParse(rawParams);
      const query = spec.query.safeParse(rawQuery);
      if (!params.success || !query.success) return undefined;
      const input = { params: params.data, query: query.data };
      if (!bodySchema)
        return {
          withBody: false,
          answer: (user) => spec.answer(user, { ...input, body: undefined as Body }),
        };
      return {
        withBody: true,
        async answer(user, raw) {
          const body = bodySchema.safeParse(raw);
          if (!body.success) return { status: 400, body: invalidRequest("json", body.error.issues) };
          return spec.answer(user, { ...input, body: body.data });
        },
      };
    },
  };
}

export type ApiFirstOptions = {
  routes: readonly HotRoute[];
  /** Who a Cookie header signs in, from memory only: undefined when only the app can tell. */
  shopperOf: (cookieHeader: string) => SessionUser | null | undefined;
  /** The one origin writes are taken from here; every other is judged by the app's rule. */
  publicOrigin: string;
  /** The headers every answer of the shop carries (CSP and the rest). */
  commonHeaders: Readonly<Record<string, string>>;
  logger: Logger;
  /** Answers at least this long are gzipped for clients that take it, as the app's are. */
  compressFrom?: number;
};

/**
 * In front of the app, on Node's own request, as the kept pages are (decision 018): the hottest
 * writes of the API, answered without the framework's request, context and response objects.
 * It takes only what it can answer exactly as the app would, and decides that before reading the
 * body: a route of its own, a session trusted from memory (decision 019), a write from the public
 * origin, a JSON body whose length is stated and within the limit, parameters and query that pass
 * the route's schemas. Everything else (no or unknown session, another origin, a refusal to
 * explain) returns false and goes to the app. The answer carries the app's headers; one line is
 * logged, as the app's request logger does.
 */
export function apiFirst({
  routes,
  shopperOf,
  publicOrigin,
  commonHeaders,
  logger,
  compressFrom = 1024,
}: ApiFirstOptions) {
  return (request: IncomingMessage, response: ServerResponse): boolean => {
    const { method, url } = request;
    if (!url?.startsWith("/api/") || method === "GET" || method === "HEAD") return false;
    const queryAt = url.indexOf("?");
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    let params: Record<string, string> | undefined;
    const route = routes.find((candidate) => {
      if (candidate.method !== method) return false;
      const match = candidate.path.exec(path);
      params = match?.groups;
      return match !== null;
    });
    if (!route || !params) return false;
    const query = singleValues(queryAt < 0 ? "" : url.slice(queryAt + 1));
    if (!query) return false;
    const { headers } = request;
    if (headers.origin?.toLowerCase() !== publicOrigin) return false;
    const user = headers.cookie ? shopperOf(headers.cookie) : null;
    if (!user) return false;
    // Deflate, which the app streams, is the app's to send.
    const encoding = chosenEncoding(headers["accept-encoding"]);
    if (encoding === "deflate") return false;
    const handler = route.accept(params, query);
    if (!handler) return false;
    if (handler.withBody && !jsonWithinLimit(headers)) return false;
    handle(request, response, { path, handler, user, gzip: encoding === "gzip" }).catch((error: unknown) => {
      logger.error({ err: error, path }, "answer not sent");
      response.destroy();
    });
    return true;
  };

  async function handle(
    request: IncomingMessage,
    response: ServerResponse,
    { path, handler, user, gzip }: { path: string; handler: HotHandler; user: SessionUser; gzip: boolean },
  ) {
    const started = performance.now();
    let answered: HotAnswer;
    try {
      answered = await answer(request, handler, user);
    } catch (error) {
      // The client went away while sending its body: there is no one to answer.
      if (request.destroyed) return response.destroy();
      logger.error({ err: error, path }, "unhandled API error");
      answered = INTERNAL_ERROR;
    }
    await send(response, answered, gzip);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    logger.info({ method: request.method, path, status: answered.status, ms }, "request");
  }

  async function answer(request: IncomingMessage, handler: HotHandler, user: SessionUser) {
    if (!handler.withBody) return handler.answer(user, undefined);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { status: 400, body: MALFORMED_JSON };
    }
    // As the app's own middleware does: no card number reaches a route (issue 27).
    if (bodyTexts(text, "application/json").some(looksLikeCardNumber))
      return { status: 400, body: CARD_NUMBER_REFUSED };
    return handler.answer(user, body);
  }

  async function send(response: ServerResponse, { status, body }: HotAnswer, gzip: boolean) {
    const json = Buffer.from(JSON.stringify(body));
    const compressed = gzip && json.byteLength >= compressFrom;
    const sent = compressed ? await gzipped(json) : json;
    response.writeHead(status, {
      ...commonHeaders,
      "cache-control": "private, no-store",
      "content-type": "application/json",
      vary: "Accept-Encoding",
      ...(compressed ? { "content-encoding": "gzip" } : {}),
      "content-length": sent.byteLength,
    });
    response.end(sent);
  }
}

const INTERNAL_ERROR: HotAnswer = { status: 500, body: apiError("internal-error", "Something went wrong") };

/** The query as one value per name, or undefined when a name repeats (the app decides which counts). */
function singleValues(search: string): Record<string, string> | undefined {
  const values: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    if (Object.hasOwn(values, name)) return undefined;
    values[name] = value;
  }
  return values;
}

/** A JSON body whose length is stated and within the API's limit (else the app's body limit speaks). */
function jsonWithinLimit(headers: IncomingMessage["headers"]): boolean {
  const length = Number(headers["content-length"]);
  const type = headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
  return type === "application/json" && Number.isInteger(length) && length > 0 && length <= BODY_LIMIT_BYTES;
}
