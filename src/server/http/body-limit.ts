import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit as countingBodyLimit } from "hono/body-limit";

/** The largest request body the API takes. */
export const BODY_LIMIT_BYTES = 64 * 1024;

type BodyLimitOptions = { maxSize: number; onError: (c: Context) => Response | Promise<Response> };

/**
 * Hono's `bodyLimit`, decided from the headers when they suffice. Hono's own asks for the body's
 * stream first, to see whether there is one, and on Node that alone wraps every write in a web
 * Request and stream (a tenth of a cart write's time); the body is then read through them. A
 * request without a body, or with a Content-Length (which Node's parser holds the body to), is let
 * through or refused from its headers; a chunked body is still counted as it comes.
 */
export function bodyLimit(options: BodyLimitOptions): MiddlewareHandler {
  const counting = countingBodyLimit(options);
  return async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const declared = c.req.header("content-length");
    if (declared === undefined || c.req.header("transfer-encoding") !== undefined) return counting(c, next);
    return Number(declared) > options.maxSize ? options.onError(c) : next();
  };
}
