import type { MiddlewareHandler } from "hono";
import { csrf } from "hono/csrf";
import { apiError } from "./validate.ts";

/**
 * Refuses a write a browser sends on another site's behalf (a form posted to us, a no-cors fetch):
 * the kinds of request a page may send cross-origin without asking CORS first. Session cookies
 * are SameSite=Lax already; this also covers sibling subdomains and old browsers. JSON writes
 * from elsewhere need a CORS preflight, which the API never grants. A request without cookies
 * carries no session to abuse (the operator's command line, the payment webhook) and passes.
 */
export function sameOriginWrites(origin: string): MiddlewareHandler {
  const check = csrf({ origin, secFetchSite: "same-origin" });
  return async (c, next) => {
    if (!c.req.header("cookie")) return next();
    try {
      await check(c, async () => {});
    } catch {
      return c.json(apiError("cross-site-request", "Cross-site writes are not accepted"), 403);
    }
    await next();
  };
}
