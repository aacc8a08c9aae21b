import { createHash, randomBytes } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { magicLink } from "better-auth/plugins/magic-link";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { paths } from "#shared/paths.ts";
import type { Database } from "../db/client.ts";
import { signInThrottle } from "../db/schema.ts";
import { type OriginPolicy, requestOrigin } from "../http/origin-policy.ts";
import { requestSource } from "../http/same-origin-writes.ts";
import type { Mailer } from "../mail/mailer.ts";
import { proveFirstMail } from "./address-proof-mails.ts";
import { langOfRequest, resetLink } from "./auth-mails.ts";
import { emailLinkMail, emailSignInLink } from "./email-link-mail.ts";
import { ADDRESS_NOT_PROVEN } from "./social-sign-in.ts";

/** How long a mailed sign-in link works (it works once). */
export const EMAIL_LINK_MINUTES = 15;

export const EMAIL_LINK_LIMITS = {
  /** Requests from one address a minute: password reset's own limit (better-auth's limiter). */
  perAddress: { window: 60, max: 3 },
  /** Links to one mailbox, from anywhere, in a link's lifetime: no one floods an inbox. */
  perEmail: { windowMs: EMAIL_LINK_MINUTES * 60_000, max: 3 },
  /** Links opened from one address a minute: tokens cannot be guessed, this only stops a flood. */
  verifyPerAddress: { window: 60, max: 10 },
} as const;

export type EmailLinkOptions = {
  db: Database;
  origins: OriginPolicy;
  mailer: Mailer;
  rateLimited: boolean;
  now?: () => Date;
};

const REQUEST_PATH = "/sign-in/magic-link";
const VERIFY_PATH = "/magic-link/verify";

/**
 * «Entrar con un enlace» (issue 15, decision 031): better-auth's magic-link plugin, set for the
 * shop. A link works once, for 15 minutes, and only for an existing account (sign-up needs the
 * registration form); the answer is the same for any address. The mail links to /login, whose
 * button uses the token, and the link lands the shopper back on /login at the address they use.
 * An account that never proved its address gets no link (issue 28, decision 033).
 */
export function emailLinkSignIn({
  db,
  origins,
  mailer,
  rateLimited,
  now = () => new Date(),
}: EmailLinkOptions): BetterAuthPlugin {
  const plugin = magicLink({
    expiresIn: EMAIL_LINK_MINUTES * 60,
    disableSignUp: true,
    // A copy of the database holds no link that works.
    storeToken: "hashed",
    sendMagicLink: async ({ email, token }, ctx) => {
      const found = await ctx?.context.internalAdapter.findUserByEmail(email);
      if (!found || !ctx) return;
      const origin = origins.linkOrigin(ctx.request);
      const lang = langOfRequest(ctx.request);
      if (found.user.emailVerified) {
        await mailer.send(emailLinkMail(found.user, emailSignInLink(origin, token, lang), lang));
        return;
      }
      // An address never proven gets no sign-in link (issue 28): whoever registered it need not be
      // its owner. Its owner gets a reset link instead, whose use proves the mailbox.
      const reset = await passwordResetToken(ctx.context.internalAdapter, found.user.id);
      await mailer.send(proveFirstMail(found.user, resetLink(origin, reset, lang), lang));
    },
  });
  const { perAddress, verifyPerAddress } = EMAIL_LINK_LIMITS;
  return {
    ...plugin,
    rateLimit: [
      { pathMatcher: (path) => path === REQUEST_PATH, ...perAddress },
      { pathMatcher: (path) => path === VERIFY_PATH, ...verifyPerAddress },
    ],
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === REQUEST_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const email = requestedEmail(ctx.body);
            if (email && rateLimited) await takeLinkForMailbox(db, email, now());
          }),
        },
        {
          matcher: (ctx) => ctx.path === VERIFY_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const query: Record<string, unknown> = { ...ctx.query };
            const origin = ownOrigin(origins, ctx.request);
            const token = query.token;
            // A link is used by its page's button. Sent here from anywhere else (another site's
            // link or form could sign a shopper into an account not theirs), it shows that page;
            // where the browser says it comes from is judged as for every write (issue 28).
            const fromElsewhere = ctx.request && requestSource(origins, ctx.request) !== "allowed";
            if (typeof token === "string" && fromElsewhere) {
              throw ctx.redirect(`${origin}${paths.emailLink(token)}`);
            }
            // Where the link lands is the shop's choice, never the link's.
            const callbackURL = `${origin}${paths.login()}`;
            const errorCallbackURL = `${origin}${paths.emailLinkRequest()}`;
            // A link made for an address that is not proven (before issue 28) signs no one in.
            if (
              typeof token === "string" &&
              (await isForUnprovenAccount(ctx.context.internalAdapter, token))
            ) {
              const refused = new URL(errorCallbackURL);
              refused.searchParams.set("error", ADDRESS_NOT_PROVEN);
              throw ctx.redirect(refused.href);
            }
            return {
              context: {
                query: { ...query, callbackURL, newUserCallbackURL: callbackURL, errorCallbackURL },
              },
            };
          }),
        },
      ],
    },
  };
}

/**
 * The address a link is asked for, when it is one (anything else the endpoint refuses itself).
 * One longer than any account's (sign-up allows 254 characters) is refused here: better-auth would
 * store a link for it.
 */
function requestedEmail(body: unknown): string | null {
  const typed: unknown = (body as { email?: unknown } | undefined)?.email;
  if (typeof typed === "string" && typed.length > 254) {
    throw new APIError("BAD_REQUEST", { code: "INVALID_EMAIL", message: "Invalid email" });
  }
  const email = z.email().safeParse(typed);
  return email.success ? email.data.trim().toLowerCase() : null;
}

/**
 * Takes one of the mailbox's links for this window (a counter in sign_in_throttle: `failures`
 * counts the links asked, `next_allowed_at` is when the window ends), or refuses with the wait.
 * One statement, so parallel requests cannot all pass. Counted whether or not the address has an
 * account: a refusal says nothing about it.
 */
async function takeLinkForMailbox(db: Database, email: string, at: Date): Promise<void> {
  const { windowMs, max } = EMAIL_LINK_LIMITS.perEmail;
  const nowText = at.toISOString();
  const windowEnd = new Date(at.getTime() + windowMs);
  const over = sql`"sign_in_throttle"."next_allowed_at" <= ${nowText}::timestamptz`;
  const [row] = await db
    .insert(signInThrottle)
    .values({ key: `email-link:${email}`, failures: 1, nextAllowedAt: windowEnd, updatedAt: at })
    .onConflictDoUpdate({
      target: signInThrottle.key,
      set: {
        failures: sql`case when ${over} then 1 else "sign_in_throttle"."failures" + 1 end`,
        nextAllowedAt: sql`case when ${over} then ${windowEnd.toISOString()}::timestamptz else "sign_in_throttle"."next_allowed_at" end`,
        updatedAt: at,
      },
    })
    .returning({ count: signInThrottle.failures, windowEnd: signInThrottle.nextAllowedAt });
  if (!row || row.count <= max) return;
  const retryAfterSeconds = Math.max(1, Math.ceil((row.windowEnd.getTime() - at.getTime()) / 1000));
  throw new APIError(
    "TOO_MANY_REQUESTS",
    { code: "TOO_MANY_LINKS", message: "Too many links asked for this address; wait", retryAfterSeconds },
    { "retry-after": String(retryAfterSeconds) },
  );
}

/** The origin the shopper's browser used, when it is one of the shop's; else the public one. */
function ownOrigin(origins: OriginPolicy, request: Request | undefined): string {
  const own = request && requestOrigin(request);
  return own && request && origins.trusts(own, request) ? own : origins.publicOrigin;
}

type InternalAdapter = {
  findVerificationValue(identifier: string): Promise<{ value: string; expiresAt: Date } | null>;
  findUserByEmail(email: string): Promise<{ user: { emailVerified: boolean } } | null>;
  createVerificationValue(data: { identifier: string; value: string; expiresAt: Date }): Promise<unknown>;
};

const linkRecord = z.object({ email: z.string() });

/** Whether this link is for an account whose address was never proven (it signs no one in). */
async function isForUnprovenAccount(adapter: InternalAdapter, token: string): Promise<boolean> {
  const stored = createHash("sha256").update(token).digest("base64url");
  const pending = await adapter.findVerificationValue(`magic-link:${stored}`);
  if (!pending || pending.expiresAt <= new Date()) return false;
  let value: unknown;
  try {
    value = JSON.parse(pending.value);
  } catch {
    return false;
  }
  const record = linkRecord.safeParse(value);
  if (!record.success) return false;
  const found = await adapter.findUserByEmail(record.data.email);
  return found !== null && !found.user.emailVerified;
}

/** How long the reset link mailed in a sign-in link's place works: the reset mail's hour. */
const RESET_LINK_SECONDS = 60 * 60;

/**
 * A password-reset token for the account, stored as better-auth's `/request-password-reset`
 * stores one (`reset-password:{token}` naming the user), so `/reset-password` takes it.
 */
async function passwordResetToken(adapter: InternalAdapter, userId: string): Promise<string> {
  const token = randomBytes(18).toString("base64url");
  await adapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + RESET_LINK_SECONDS * 1000),
  });
  return token;
}
