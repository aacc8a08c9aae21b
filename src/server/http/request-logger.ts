import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { Logger } from "../logger.ts";
import { currentRequest } from "../request-context.ts";

/** One structured line per request; the route that answered is kept for the metrics (issue 31). */
export function requestLogger(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const current = currentRequest();
    if (current) current.route = routePath(c);
    logRequest(logger, c.req.method, c.req.path, c.res.status, started);
  };
}

/** The request's line, for the app's middleware and the answers sent before it (decision 040). */
export function logRequest(logger: Logger, method: string, path: string, status: number, started: number) {
  logger.info({ method, path, status, ms: Math.round((performance.now() - started) * 10) / 10 }, "request");
}
