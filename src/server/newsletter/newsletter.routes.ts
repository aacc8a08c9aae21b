import { Hono } from "hono";
import { type NewsletterResponse, newsletterRequestSchema } from "#shared/api/newsletter-contract.ts";
import type { Database } from "../db/client.ts";
import { validate } from "../http/validate.ts";
import { subscribe } from "./newsletter-repository.ts";

export function newsletterRoutes(db: Database) {
  return new Hono().post("/", validate("json", newsletterRequestSchema), async (c) => {
    const { email, locale } = c.req.valid("json");
    const created = await subscribe(db, { email, locale, consentedAt: new Date() });
    const body: NewsletterResponse = { status: created ? "subscribed" : "already-subscribed" };
    return c.json(body, created ? 201 : 200);
  });
}
