import type { Context, MiddlewareHandler } from "hono";
import type { Logger } from "../logger.ts";
import { type OriginPolicy, requestOrigin } from "./origin-policy.ts";
import { apiError } from "./validate.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a write a browser sends on another site's behalf (a form posted to us, a fetch).
 * A write naming its Origin must come from one the policy trusts; one that names none (or "null")
 * must say Sec-Fetch-Site: same-origin, as browsers do. Session cookies are SameSite=Lax already;
 * this also covers sibling subdomains and signing a shopper into someone else's account. A
 * request with neither an Origin nor Sec-Fetch-Site nor cookies is no browser's (the operator's
 * command line, the payment webhook) and passes.
 *
 * Our own page opened at an address other than PUBLIC_URL gets its own code, which the page
 * explains in the shopper's language, and the log says which setting to change.
 */
export function sameOriginWrites(
  policy: OriginPolicy,
  logger: Logger,
  /** Paths another site's page posts to by design (Apple's form_post callback; decision 033). */
  postedFromElsewhere: readonly string[] = [],
): MiddlewareHandler {
  const judge = writeJudge(policy, logger);
  return async (c, next) => {
    if (postedFromElsewhere.includes(c.req.path)) return next();
    const verdict = await judge(c);
    if (verdict === "allowed") return next();
    return verdict === "wrong-origin"
      ? c.json(apiError("wrong-origin", `This shop accepts writes from ${policy.publicOrigin} only`), 403)
      : c.json(apiError("cross-site-request", "Cross-site writes are not accepted"), 403);
  };
}

export type WriteVerdict = "allowed" | "wrong-origin" | "cross-site";

/** The rule above as a function: the page forms (server/forms) answer a refusal with a page. */
export function writeJudge(policy: OriginPolicy, logger: Logger): (c: Context) => Promise<WriteVerdict> {
  return async (c) => {
    if (SAFE_METHODS.has(c.req.method)) return "allowed";
    const origin = c.req.header("origin");
    if (origin && origin !== "null") {
      if (policy.trusts(origin, c.req.raw)) return "allowed";
      if (origin.toLowerCase() !== requestOrigin(c.req.raw)) return "cross-site";
      logger.warn(
        { origin, publicUrl: policy.publicOrigin },
        `refused a write from ${origin}: the shop only accepts writes from PUBLIC_URL (${policy.publicOrigin}); open it there, or set PUBLIC_URL to the address shoppers use`,
      );
      return "wrong-origin";
    }
    // No origin named (or "null"): a browser still says where the request comes from.
    const site = c.req.header("sec-fetch-site");
    if (site) return site === "same-origin" ? "allowed" : "cross-site";
    return c.req.header("cookie") ? "cross-site" : "allowed";
  };
}
