import { Hono } from "hono";
import { type NewsletterResponse, newsletterRequestSchema } from "#shared/api/newsletter-contract.ts";
import type { Database } from "../db/client.ts";
import { type RateLimitOptions, rateLimit } from "../http/rate-limit.ts";
import { validate } from "../http/validate.ts";
import { subscribe } from "./newsletter-repository.ts";

/** Spec §5's form, for people: a handful of tries a minute per client is plenty. */
export const SUBSCRIBE_LIMIT = { limit: 10, windowMs: 60_000 };

export function newsletterRoutes(db: Database, limits: RateLimitOptions = SUBSCRIBE_LIMIT) {
  return new Hono().post("/", rateLimit(limits), validate("json", newsletterRequestSchema), async (c) => {
    const { email, locale } = c.req.valid("json");
    const created = await subscribe(db, { email, locale, consentedAt: new Date() });
    const body: NewsletterResponse = { status: created ? "subscribed" : "already-subscribed" };
    return c.json(body, created ? 201 : 200);
  });
}
