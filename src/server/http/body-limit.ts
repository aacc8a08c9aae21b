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
    const declared = declaredBody(c.req.header("content-length"), c.req.header("transfer-encoding"));
    if (declared === undefined) return counting(c, next);
    return declared > options.maxSize ? options.onError(c) : next();
  };
}

/**
 * The length a body is held to by its headers (Node's parser ends it there), or undefined for a
 * chunked body or none stated, which only counting can tell (decision 040: the app and the hot
 * path decide by this one rule).
 */
export function declaredBody(contentLength: string | undefined, transferEncoding: string | undefined) {
  return contentLength === undefined || transferEncoding !== undefined ? undefined : Number(contentLength);
}
