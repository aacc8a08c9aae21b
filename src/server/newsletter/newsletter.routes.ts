import { randomUUID } from "node:crypto";
import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { z } from "zod";
import {
  type NewsletterResponse,
  newsletterIssueSchema,
  newsletterRequestSchema,
} from "#shared/api/newsletter-contract.ts";
import { defaultLang, LANG_COOKIE, type Lang, parseLang } from "#shared/lang.ts";
import { OPERATOR_TOKEN } from "../audit/staff-audit.ts";
import type { Database } from "../db/client.ts";
import type { OriginPolicy } from "../http/origin-policy.ts";
import { type LimitRule, type RequestLimits, rateLimit } from "../http/rate-limit.ts";
import { validate } from "../http/validate.ts";
import type { Logger } from "../logger.ts";
import type { MailOutbox } from "../mail/mail-outbox.ts";
import { alreadySent, noRecipients, sendIssue } from "./newsletter-issues.ts";
import { type NewsletterPage, renderNewsletterPage } from "./newsletter-pages.ts";
import {
  confirmSubscription,
  findByToken,
  requestSubscription,
  unsubscribe,
} from "./newsletter-repository.ts";

/** Spec §5's form, for people: a handful of tries a minute per client is plenty. */
export const SUBSCRIBE_LIMIT = { limit: 10, windowMs: 60_000 };

export type NewsletterDeps = {
  db: Database;
  mail: MailOutbox;
  origins: OriginPolicy;
  logger: Logger;
  now: () => Date;
  limits: RequestLimits;
};

/** `/api/newsletter`: asking to subscribe (the same answer for a new, pending or confirmed address). */
export function newsletterRoutes(deps: NewsletterDeps, rule: LimitRule = SUBSCRIBE_LIMIT) {
  const { db, mail, origins, logger, now, limits } = deps;
  return new Hono().post(
    "/",
    rateLimit(limits, "newsletter", rule),
    validate("json", newsletterRequestSchema),
    async (c) => {
      const { email, locale } = c.req.valid("json");
      const origin = origins.linkOrigin(c.req.raw);
      await requestSubscription({ db, mail, origin }, { email, locale, now: now() });
      mail
        .deliver()
        .catch((error: unknown) => logger.error({ err: error }, "newsletter confirmation not sent yet"));
      const body: NewsletterResponse = { status: "confirmation-sent" };
      return c.json(body, 202);
    },
  );
}

/**
 * `/api/operator/newsletter`: one issue, one text for both languages, sent by the operator's token
 * to every confirmed subscriber through the back office's own sending (`sendIssue`, decision
 * 054): kept among the issues, audited as the token's, and never sent twice with the same words.
 */
export function newsletterIssueRoutes({ db, mail, origins, logger, now }: NewsletterDeps) {
  return new Hono().post("/", validate("json", newsletterIssueSchema), async (c) => {
    const { subject, text } = c.req.valid("json");
    const words = { subject, body: text };
    const sent = await sendIssue(
      { db, mail },
      {
        id: randomUUID(),
        draft: { es: words, pt: words },
        origin: origins.linkOrigin(c.req.raw),
        actor: OPERATOR_TOKEN,
        now: now(),
      },
    );
    if (sent.kind === "no-recipients") return c.json(noRecipients, 409);
    if (sent.kind === "already-sent") return c.json(alreadySent, 409);
    mail.deliver().catch((error: unknown) => logger.error({ err: error }, "newsletter issue not sent yet"));
    return c.json({ issue: sent.issue.id, recipients: sent.issue.recipients }, 202);
  });
}

const tokenSchema = z.uuid();

/**
 * The pages the subscription's mails link to: `/newsletter/confirmar` and `/newsletter/baja`.
 * Opening one shows a button; the step is taken by posting it. `/newsletter/baja` also takes
 * mail programs' one-click POST (RFC 8058), which carries the token in the address.
 */
export function newsletterPages({ db, now }: Pick<NewsletterDeps, "db" | "now">) {
  const answer = (c: Context, lang: Lang, page: NewsletterPage, status: 200 | 400 | 404 = 200) => {
    c.header("cache-control", "no-store");
    c.header("referrer-policy", "no-referrer");
    return c.html(renderNewsletterPage(lang, page), status);
  };
  const unknown = (c: Context) =>
    answer(
      c,
      parseLang(getCookie(c, LANG_COOKIE)) ?? defaultLang,
      { title: "unknownTitle", text: "unknownText" },
      404,
    );
  const tokenOf = async (c: Context): Promise<string | undefined> => {
    const fromForm = c.req.method === "POST" ? await formToken(c) : undefined;
    const parsed = tokenSchema.safeParse(fromForm ?? c.req.query("token"));
    return parsed.success ? parsed.data : undefined;
  };
  return new Hono()
    .get("/confirmar", async (c) => {
      const token = await tokenOf(c);
      const subscriber = token ? await findByToken(db, token) : undefined;
      if (!token || !subscriber) return unknown(c);
      return answer(c, subscriber.locale, {
        title: "confirmTitle",
        text: "confirmText",
        action: { button: "confirmButton", token },
      });
    })
    .post("/confirmar", async (c) => {
      const token = await tokenOf(c);
      const subscriber = token ? await confirmSubscription(db, token, now()) : undefined;
      if (!subscriber) return unknown(c);
      return answer(c, subscriber.locale, { title: "confirmedTitle", text: "confirmedText" });
    })
    .get("/baja", async (c) => {
      const token = await tokenOf(c);
      const subscriber = token ? await findByToken(db, token) : undefined;
      if (!token || !subscriber) return unknown(c);
      return answer(c, subscriber.locale, {
        title: "unsubscribeTitle",
        text: "unsubscribeText",
        action: { button: "unsubscribeButton", token },
      });
    })
    .post("/baja", async (c) => {
      const token = await tokenOf(c);
      const subscriber = token ? await unsubscribe(db, token) : undefined;
      if (!subscriber) return unknown(c);
      return answer(c, subscriber.locale, { title: "unsubscribedTitle", text: "unsubscribedText" });
    });
}

/** The token field of a posted form; nothing for any other body. */
async function formToken(c: Context): Promise<string | undefined> {
  const type = c.req.header("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) {
    return undefined;
  }
  try {
    const body = await c.req.parseBody();
    return typeof body.token === "string" ? body.token : undefined;
  } catch {
    return undefined;
  }
}
