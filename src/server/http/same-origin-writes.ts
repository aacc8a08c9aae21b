import type { MiddlewareHandler } from "hono";
import { csrf } from "hono/csrf";
import type { Logger } from "../logger.ts";
import { type OriginPolicy, requestOrigin } from "./origin-policy.ts";
import { apiError } from "./validate.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a write a browser sends on another site's behalf (a form posted to us, a no-cors fetch).
 * A write naming its Origin must come from one the policy trusts; one that names none but carries
 * cookies must be a same-origin fetch (Hono's CSRF check on Sec-Fetch-Site). Session cookies are
 * SameSite=Lax already; this also covers sibling subdomains and old browsers. A request with
 * neither an Origin nor cookies carries no session to abuse (the operator's command line, the
 * payment webhook) and passes.
 *
 * Our own page opened at an address other than PUBLIC_URL gets its own code, which the page
 * explains in the shopper's language, and the log says which setting to change.
 */
export function sameOriginWrites(policy: OriginPolicy, logger: Logger): MiddlewareHandler {
  const withoutOrigin = csrf({ origin: () => false, secFetchSite: "same-origin" });
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    if (origin && origin !== "null") {
      if (policy.trusts(origin, c.req.raw)) return next();
      if (origin.toLowerCase() === requestOrigin(c.req.raw)) {
        logger.warn(
          { origin, publicUrl: policy.publicOrigin },
          `refused a write from ${origin}: the shop only accepts writes from PUBLIC_URL (${policy.publicOrigin}); open it there, or set PUBLIC_URL to the address shoppers use`,
        );
        return c.json(
          apiError("wrong-origin", `This shop accepts writes from ${policy.publicOrigin} only`),
          403,
        );
      }
      return c.json(apiError("cross-site-request", "Cross-site writes are not accepted"), 403);
    }
    if (!c.req.header("cookie")) return next();
    try {
      await withoutOrigin(c, async () => {});
    } catch {
      return c.json(apiError("cross-site-request", "Cross-site writes are not accepted"), 403);
    }
    await next();
  };
}
