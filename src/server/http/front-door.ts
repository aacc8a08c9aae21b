import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { inRequest, type RequestContext } from "../request-context.ts";
import { NO_PROXY, type ProxyTrust } from "./client-address.ts";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id.ts";

/** An answer sent before the framework: true when it took the request, false to pass it on. */
export type FastPath = (request: IncomingMessage, response: ServerResponse) => boolean;

/** A request answered: by which route (as declared; a fast path names its own), how, how fast. */
export type Answered = { id: string; method: string; route: string; status: number; seconds: number };

/**
 * The shop's one front door (decision 040): every request enters here, on Node's own request.
 * The fast paths are tried in turn (the hot writes, then the kept pages), each taking only what
 * it answers exactly as the app would, by the same declarations and the same answer policy
 * (`answer-policy.ts`); anything else goes to the Hono app. Each request is given its id first
 * (the trusted proxy's, or a new one): its answer says it, and every log line written while it is
 * answered carries it (issue 31).
 */
export function frontDoor({
  fastPaths,
  app,
  proxyTrust = NO_PROXY,
  onAnswered,
}: {
  fastPaths: readonly FastPath[];
  app: { fetch: Parameters<typeof getRequestListener>[0] };
  /** The proxies whose request ids are taken. */
  proxyTrust?: ProxyTrust;
  /** Told of every answer once sent, whoever sent it (the metrics). */
  onAnswered?: (answered: Answered) => void;
}): RequestListener {
  const appListener = getRequestListener(app.fetch);
  return (request, response) => {
    const id = requestIdOf(request, proxyTrust);
    response.setHeader(REQUEST_ID_HEADER, id);
    const context: RequestContext = { id };
    if (onAnswered) {
      const started = performance.now();
      response.once("finish", () =>
        onAnswered({
          id,
          method: request.method ?? "",
          route: context.route ?? "(none)",
          status: response.statusCode,
          seconds: (performance.now() - started) / 1000,
        }),
      );
    }
    inRequest(context, () => {
      for (let index = 0; index < fastPaths.length; index++)
        if (fastPaths[index]?.(request, response)) return;
      void appListener(request, response);
    });
  };
}
