import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { z } from "zod";
import {
  productIdParamSchema,
  type ReviewRequest,
  type ReviewResponse,
  reviewRequestSchema,
} from "#shared/api/review-contract.ts";
import { defaultLang, LANG_COOKIE, type Lang, parseLang } from "#shared/lang.ts";
import type { Database } from "../db/client.ts";
import { clientAddress } from "../http/client-address.ts";
import { type LimitRule, type RequestLimits, rateLimit } from "../http/rate-limit.ts";
import { apiError, validate } from "../http/validate.ts";
import { type ReviewPage, renderReviewPage } from "./review-pages.ts";
import { findInvitation, productReviews, reviewSummary, submitReview } from "./review-store.ts";
import { type ReviewErrorCode, reviewWords } from "./review-words.ts";

/** Reviews are written by people: a handful of tries a minute per client, as the newsletter's form. */
export const REVIEW_LIMIT: LimitRule = { limit: 10, windowMs: 60_000 };

export type ReviewDeps = { db: Database; limits: RequestLimits; now: () => Date };

const unknownInvitation = apiError(
  "unknown-invitation",
  "This link does not allow a review: only buyers of a delivered order can review its products",
);
const alreadyReviewed = apiError("already-reviewed", "This order line has already been reviewed");

/**
 * `/api/reviews` (issue 33): a buyer's review, sent with their invitation's token (held for
 * moderation); the approved reviews' figures of the shop and of one product, for its page.
 */
export function reviewRoutes({ db, limits, now }: ReviewDeps) {
  return new Hono()
    .post(
      "/",
      rateLimit(limits, "review", REVIEW_LIMIT),
      validate("json", reviewRequestSchema),
      async (c) => {
        const outcome = await submitReview(db, c.req.valid("json"), now());
        if (outcome === "unknown-invitation") return c.json(unknownInvitation, 404);
        if (outcome === "already-reviewed") return c.json(alreadyReviewed, 409);
        const body: ReviewResponse = { status: "pending" };
        return c.json(body, 201);
      },
    )
    .get("/summary", async (c) => c.json(await reviewSummary(db)))
    .get("/products/:id", validate("param", productIdParamSchema), async (c) =>
      c.json(await productReviews(db, c.req.valid("param").id)),
    );
}

const tokenSchema = z.uuid();

/** `/opinar/:token`: the mail's link opens the form; posting it sends the review (no script needed). */
export function reviewPages({ db, limits, now }: ReviewDeps) {
  const answer = (
    c: Context,
    lang: Lang,
    page: ReviewPage,
    status: 200 | 201 | 400 | 404 | 409 | 429 = 200,
  ) => {
    c.header("cache-control", "no-store");
    c.header("referrer-policy", "no-referrer");
    return c.html(renderReviewPage(lang, page), status);
  };
  const unknown = (c: Context) => {
    const lang = parseLang(getCookie(c, LANG_COOKIE)) ?? defaultLang;
    const w = reviewWords[lang];
    return answer(c, lang, { kind: "message", title: w.unknownTitle, text: w.unknownText }, 404);
  };
  const invitationOf = async (c: Context) => {
    const token = tokenSchema.safeParse(c.req.param("token"));
    return token.success ? findInvitation(db, token.data) : undefined;
  };
  return new Hono()
    .get("/:token", async (c) => {
      const invitation = await invitationOf(c);
      if (!invitation) return unknown(c);
      const w = reviewWords[invitation.locale];
      if (invitation.reviewed)
        return answer(c, invitation.locale, { kind: "message", title: w.doneTitle, text: w.doneText });
      return answer(c, invitation.locale, {
        kind: "form",
        productName: invitation.productName,
        values: {},
        errors: [],
      });
    })
    .post("/:token", async (c) => {
      const invitation = await invitationOf(c);
      if (!invitation) return unknown(c);
      const lang = invitation.locale;
      const w = reviewWords[lang];
      const verdict = await limits.take("review", clientAddress(c), REVIEW_LIMIT);
      const form = await formFields(c);
      const values = { rating: Number(form.rating) || undefined, text: form.text, name: form.name };
      const retry = (errors: readonly string[], status: 400 | 429) =>
        answer(c, lang, { kind: "form", productName: invitation.productName, values, errors }, status);
      if (!verdict.allowed) return retry([w.tooMany], 429);
      const parsed = reviewRequestSchema.safeParse({ ...form, token: invitation.token });
      if (!parsed.success) return retry(errorTexts(lang, parsed.error.issues), 400);
      const outcome = await submitReview(db, parsed.data satisfies ReviewRequest, now());
      if (outcome === "unknown-invitation") return unknown(c);
      if (outcome === "already-reviewed")
        return answer(c, lang, { kind: "message", title: w.doneTitle, text: w.doneText }, 409);
      return answer(c, lang, { kind: "message", title: w.thanksTitle, text: w.thanksText }, 201);
    });
}

function errorTexts(lang: Lang, issues: readonly z.core.$ZodIssue[]): string[] {
  const errors = reviewWords[lang].errors;
  const isCode = (code: string): code is ReviewErrorCode => code in errors;
  const texts = issues.map((issue) =>
    isCode(issue.message) ? errors[issue.message] : errors["rating-invalid"],
  );
  return [...new Set(texts)];
}

/** The posted form's text fields; nothing for any other body. */
async function formFields(c: Context): Promise<Record<string, string>> {
  const type = c.req.header("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data"))
    return {};
  try {
    const body = await c.req.parseBody();
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(body)) if (typeof value === "string") fields[key] = value;
    return fields;
  } catch {
    return {};
  }
}
