import type { Context, MiddlewareHandler } from "hono";
import type { Logger } from "../logger.ts";
import { type OriginPolicy, requestOrigin } from "./origin-policy.ts";
import { apiError } from "./validate.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a write a browser sends on another site's behalf (a form posted to us, a fetch), by
 * where the browser says it comes from (`requestSource`). Session cookies are SameSite=Lax
 * already; this also covers sibling subdomains and signing a shopper into someone else's account.
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

/**
 * Whether a request comes from one of the shop's own pages, as the browser says it, one rule for
 * every check (the writes, the page forms, following a sign-in link, starting a provider link;
 * issue 28): its Origin; without one (or "null"), Sec-Fetch-Site; without that either (Safari
 * before 16.4), the origin of its Referer (the shop's pages send it to the shop:
 * `Referrer-Policy: same-origin`). A request that says none of them and carries no cookies is no
 * browser's (the operator's command line, the payment webhook) and passes; with cookies it is
 * refused (a page whose referrer policy hides where it is).
 */
export function requestSource(policy: OriginPolicy, request: Request): WriteVerdict {
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") return judgeOrigin(policy, origin, request);
  const site = request.headers.get("sec-fetch-site");
  if (site) return site === "same-origin" ? "allowed" : "cross-site";
  const referer = request.headers.get("referer");
  if (referer) {
    const from = URL.parse(referer);
    return from ? judgeOrigin(policy, from.origin, request) : "cross-site";
  }
  return request.headers.get("cookie") ? "cross-site" : "allowed";
}

/** An origin the policy trusts, or the shop's own page opened at another address, or elsewhere. */
function judgeOrigin(policy: OriginPolicy, origin: string, request: Request): WriteVerdict {
  if (policy.trusts(origin, request)) return "allowed";
  return origin.toLowerCase() === requestOrigin(request) ? "wrong-origin" : "cross-site";
}

/** The rule above for writes, logged: the page forms (server/forms) answer a refusal with a page. */
export function writeJudge(policy: OriginPolicy, logger: Logger): (c: Context) => Promise<WriteVerdict> {
  return async (c) => {
    if (SAFE_METHODS.has(c.req.method)) return "allowed";
    const verdict = requestSource(policy, c.req.raw);
    if (verdict === "wrong-origin") {
      // The origin only: a Referer's path and query may carry a token.
      const origin = [c.req.header("origin"), URL.parse(c.req.header("referer") ?? "")?.origin].find(
        (named) => named && named !== "null",
      );
      logger.warn(
        { origin, publicUrl: policy.publicOrigin },
        `refused a write from ${origin}: the shop only accepts writes from PUBLIC_URL (${policy.publicOrigin}); open it there, or set PUBLIC_URL to the address shoppers use`,
      );
    }
    return verdict;
  };
}
