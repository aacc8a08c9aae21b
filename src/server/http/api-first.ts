import type { IncomingMessage, ServerResponse } from "node:http";
import type { SessionUser } from "#shared/api/account-contract.ts";
import { currentRequest } from "../request-context.ts";
import { chosenEncoding } from "./accept-encoding.ts";
import type { AnswerPolicy } from "./answer-policy.ts";
import { BODY_LIMIT_BYTES, declaredBody } from "./body-limit.ts";
import { COMPRESS_FROM_BYTES, gzipped } from "./compress-answers.ts";
import type { DeclaredWrite, HotHandler, WriteAnswer } from "./declared-write.ts";
import { CARD_NUMBER_REFUSED, carriesCardNumber } from "./no-card-numbers.ts";
import { isPublicOrigin } from "./origin-policy.ts";
import { logRequest } from "./request-logger.ts";
import { apiError, MALFORMED_JSON } from "./validate.ts";

/**
 * An API route answered before Hono (decisions 023, 040), derived from its declaration: `path`
 * matches the path alone, its named groups being the route's parameters.
 */
export type HotRoute = Pick<DeclaredWrite, "method" | "accept"> & {
  path: RegExp;
  /** The route as the app declares it (`/api/cart/:productId`), for the metrics. */
  name: string;
};

/**
 * The hot routes of declared writes mounted at `mount` (`/api/cart`). A parameter is taken in
 * unreserved characters only: one the app would decode (`%31`) is left to the app.
 */
export function hotRoutesOf(mount: string, writes: Iterable<DeclaredWrite>): HotRoute[] {
  return Array.from(writes, ({ method, path, accept }) => {
    const pattern = `${mount}${path}`.replace(/:(\w+)/g, "(?<$1>[\\w.~-]+)");
    return { method, path: new RegExp(`^${pattern}$`), accept, name: `${mount}${path}` };
  });
}

export type ApiFirstOptions = {
  routes: readonly HotRoute[];
  /** Who a Cookie header signs in, from memory only: undefined when only the app can tell. */
  shopperOf: (cookieHeader: string) => SessionUser | null | undefined;
  /** What every answer gets: the app's headers, origin, logging (`answer-policy.ts`). */
  policy: AnswerPolicy;
};

/**
 * In front of the app, on Node's own request, as the kept pages are (decision 018): the hottest
 * writes of the API, answered without the framework's request, context and response objects.
 * It takes only what it can answer exactly as the app would, and decides that before reading the
 * body: a route of its own, a session trusted from memory (decision 019), a write from the public
 * origin, a JSON body whose length is stated and within the limit, parameters and query that pass
 * the route's schemas. Everything else (no or unknown session, another origin, a refusal to
 * explain) returns false and goes to the app. The rules are the answer policy's, as the app's are.
 */
export function apiFirst({ routes, shopperOf, policy }: ApiFirstOptions) {
  const { logger } = policy;
  const publicOrigin = policy.origins.publicOrigin;
  // The API's answers: JSON's type and the Vary of the app's compressor; then, once a route's
  // guard has let the shopper in, requireUser's caching.
  const apiHead = { ...policy.headers, "content-type": "application/json", vary: "Accept-Encoding" };
  const routeHead = { ...apiHead, "cache-control": "private, no-store" };

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
    if (!isPublicOrigin(publicOrigin, headers.origin)) return false;
    const user = headers.cookie ? shopperOf(headers.cookie) : null;
    if (!user) return false;
    // Deflate, which the app streams, is the app's to send.
    const encoding = chosenEncoding(headers["accept-encoding"]);
    if (encoding === "deflate") return false;
    const handler = route.accept(params, query);
    if (!handler) return false;
    if (handler.withBody && !jsonWithinLimit(headers)) return false;
    const current = currentRequest();
    if (current) current.route = route.name;
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
    logRequest(logger, request.method ?? "", path, answered.status, started);
  }

  async function answer(
    request: IncomingMessage,
    handler: HotHandler,
    user: SessionUser,
  ): Promise<HotAnswer> {
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
    if (carriesCardNumber(text, "application/json")) return CARD_REFUSED;
    return handler.answer(user, body);
  }

  async function send(response: ServerResponse, { status, body, beforeRoute }: HotAnswer, gzip: boolean) {
    const json = Buffer.from(JSON.stringify(body));
    const compressed = gzip && json.byteLength >= COMPRESS_FROM_BYTES;
    const sent = compressed ? await gzipped(json) : json;
    response.writeHead(status, {
      ...(beforeRoute ? apiHead : routeHead),
      ...(compressed ? { "content-encoding": "gzip" } : {}),
      "content-length": sent.byteLength,
    });
    response.end(sent);
  }
}

/** An answer, and whether the app would give it before the route (in the API's middleware). */
type HotAnswer = WriteAnswer & { beforeRoute?: true };
const INTERNAL_ERROR: HotAnswer = { status: 500, body: apiError("internal-error", "Something went wrong") };
const CARD_REFUSED: HotAnswer = { status: 400, body: CARD_NUMBER_REFUSED, beforeRoute: true };

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
  const length = declaredBody(headers["content-length"], headers["transfer-encoding"]);
  const type = headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
  return (
    type === "application/json" &&
    length !== undefined &&
    Number.isInteger(length) &&
    length > 0 &&
    length <= BODY_LIMIT_BYTES
  );
}
