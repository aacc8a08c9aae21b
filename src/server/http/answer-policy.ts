import { type Context, Hono, type MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { Logger } from "../logger.ts";
import { NEWSLETTER_PAGE_STYLE } from "../newsletter/newsletter-pages.ts";
import { BODY_LIMIT_BYTES, bodyLimit } from "./body-limit.ts";
import { compressAnswers } from "./compress-answers.ts";
import { hashSource, type InlineSources, STRIPE_SOURCES, type ThirdParties } from "./content-security.ts";
import { refuseCardNumbers } from "./no-card-numbers.ts";
import type { OriginPolicy } from "./origin-policy.ts";
import { requestLogger } from "./request-logger.ts";
import { sameOriginWrites } from "./same-origin-writes.ts";
import { apiError } from "./validate.ts";

/**
 * What every answer of the shop gets, in one place (decision 040). The app's middleware is made
 * from this list, and the answers sent before the app (`api-first.ts`, `ssr/cached-pages-first.ts`)
 * use the same functions and values, not copies of them:
 *
 * 1. one log line (`logRequest`; kept pages are counted by the page cache instead, decision 018);
 * 2. the security headers as values (`headers`: CSP and the rest), also baked into kept pages;
 * 3. whole answers gzipped from `COMPRESS_FROM_BYTES`, by Hono's choice of encoding (`chosenEncoding`);
 * 4. API writes from the shop's own pages only (`sameOriginWrites`; `isPublicOrigin` on the hot path);
 * 5. API bodies within `BODY_LIMIT_BYTES`, judged from their headers when they can be (`declaredBody`);
 * 6. no card number in an API body (`carriesCardNumber`, `CARD_NUMBER_REFUSED`).
 */
export type AnswerPolicy = {
  /** The headers every answer carries, as values computed once. */
  headers: Readonly<Record<string, string>>;
  origins: OriginPolicy;
  logger: Logger;
};

export async function createAnswerPolicy(options: {
  inline: InlineSources;
  thirdParties: ThirdParties;
  origins: OriginPolicy;
  logger: Logger;
}): Promise<AnswerPolicy> {
  const headers = await securityHeaderValues(options.inline, options.thirdParties);
  return { headers, origins: options.origins, logger: options.logger };
}

/** Every request the app answers, in order: its log line, the headers, compression. */
export function appMiddleware({ headers, logger }: AnswerPolicy): MiddlewareHandler[] {
  const compression = compressAnswers();
  const named = Object.entries(headers);
  return [
    requestLogger(logger),
    async (c, next) => {
      await next();
      // As Hono's secureHeaders sets them (it made these values): over the route's own.
      for (const [name, value] of named) c.res.headers.set(name, value);
      c.res.headers.delete("X-Powered-By");
    },
    // Server-sent events must flow as they are written, not wait in a compressor's buffer.
    (c, next) => (c.req.path === "/api/events" ? next() : compression(c, next)),
  ];
}

/** A route whose body may exceed `BODY_LIMIT_BYTES` (an uploaded picture), with its own limit and refusal. */
export type LargerBody = {
  path: string;
  maxSize: number;
  onError: (c: Context) => Response | Promise<Response>;
};

/** Every API request, before its route: a bounded body, writes from the shop's pages, no cards. */
export function apiMiddleware(
  { origins, logger }: Pick<AnswerPolicy, "origins" | "logger">,
  /** Paths another site's page posts to by design (Apple's form_post callback; decision 033). */
  postedFromElsewhere: readonly string[],
  /** The few routes allowed a larger body, by exact path (decision 055); every other has the API's. */
  largerBodies: readonly LargerBody[] = [],
): MiddlewareHandler[] {
  const standard = bodyLimit({
    maxSize: BODY_LIMIT_BYTES,
    onError: (c) => c.json(apiError("body-too-large", "Request body too large"), 413),
  });
  const larger = new Map(largerBodies.map((route) => [route.path, bodyLimit(route)]));
  return [
    (c, next) => (larger.get(c.req.path) ?? standard)(c, next),
    sameOriginWrites(origins, logger, postedFromElsewhere),
    refuseCardNumbers(),
  ];
}

/** Hono's secure headers, as the shop configures them (the CSP allows inline code by hash only). */
function securityHeaders(inline: InlineSources, thirdParties: ThirdParties) {
  const stripe = thirdParties.stripe ? STRIPE_SOURCES : { script: [], frame: [], connect: [] };
  return secureHeaders({
    crossOriginEmbedderPolicy: false,
    // Our own requests (form posts included) say where they come from; other sites learn nothing.
    referrerPolicy: "same-origin",
    // Boot data and JSON-LD are data blocks, not scripts: the only inline script is the loader,
    // and the only inline styles the stylesheet and the two libraries' own, each by its hash.
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...inline.scripts, ...stripe.script],
      styleSrc: ["'self'", ...inline.styles, hashSource(NEWSLETTER_PAGE_STYLE)],
      // Product pictures may live on an external image host (spec §3).
      imgSrc: ["'self'", "data:", "https:"],
      connectSrc: ["'self'", ...stripe.connect],
      ...(stripe.frame.length > 0 ? { frameSrc: [...stripe.frame] } : {}),
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      objectSrc: ["'none'"],
    },
  });
}

/** The security headers as values: what Hono's middleware sets, read once from a probe. */
export async function securityHeaderValues(
  inline: InlineSources,
  thirdParties: ThirdParties,
): Promise<Record<string, string>> {
  const probe = new Hono().use(securityHeaders(inline, thirdParties)).get("/", (c) => c.body(null, 204));
  return Object.fromEntries((await probe.request("/")).headers);
}
