import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { z } from "zod";
import { textField } from "#shared/api/text-fields.ts";
import { hasControlCharacters } from "#shared/text.ts";
import type { Database } from "../db/client.ts";
import * as schema from "../db/schema.ts";
import type { OriginPolicy } from "../http/origin-policy.ts";
import type { Mailer } from "../mail/mailer.ts";
import { announceErasure, eraseAccount } from "./account-erasure.ts";
import { accountChangedMail } from "./account-notice-mails.ts";
import { addressProof } from "./address-proof.ts";
import { langOfRequest, passwordResetMail, resetLink } from "./auth-mails.ts";
import { isCommonPassword } from "./common-passwords.ts";
import { emailLinkSignIn } from "./email-link.ts";
import { GUEST_RATE_LIMIT, type GuestOptions, guestCheckout } from "./guest.ts";
import { passkeySignIn } from "./passkeys.ts";
import { provenByReset } from "./proven-by-reset.ts";
import { createSessionCache, type SessionCache } from "./session-cache.ts";
import type { SignInAttempt, SignInThrottle } from "./sign-in-throttle.ts";
import { type SocialSignInConfig, socialSignInOptions } from "./social-sign-in.ts";
import { trustedDeviceOf, trustedDevices } from "./trusted-devices.ts";

export type AuthOptions = {
  db: Database;
  secret: string;
  /** Where the shop lives: cookies are Secure when it is https; writes come from its origins. */
  origins: OriginPolicy;
  /** Tests switch it off: every in-process request comes from one address. */
  rateLimited?: boolean;
  /** Sends the password-reset mail. */
  mailer: Mailer;
  /** The per-account and per-address password limits (used when rateLimited). */
  throttle: SignInThrottle;
  /**
   * A user's session ended or their account changed here: the session cache drops them at once
   * in this process (other processes hear it from the database, decision 019).
   */
  onSessionsChanged?: (userId: string) => void;
  /** Google and Apple, when configured (decision 033). */
  social?: SocialSignInConfig;
  /** Buying as a guest (decision 032). */
  guests: GuestOptions;
};

/** The header our server sets from the socket; clients cannot choose it (see auth.routes.ts). */
/**
 * The shop's auth with its cache of confirmed sessions: they are trusted from memory until the
 * database says the user's sessions or account changed, in this process or another (decision 019).
 */
export function createCachedAuth(options: Omit<AuthOptions, "onSessionsChanged">): {
  auth: Auth;
  sessionCache: SessionCache;
} {
  const sessionCache = createSessionCache();
  const auth = createAuth({ ...options, onSessionsChanged: (userId) => sessionCache.dropUser(userId) });
  return { auth, sessionCache };
}

export const CLIENT_IP_HEADER = "x-shop-client-ip";

const DAY = 60 * 60 * 24;

/** Identity on our own database (better-auth): email and password, sessions in httpOnly cookies. */
export function createAuth({
  db,
  secret,
  origins,
  rateLimited = true,
  mailer,
  throttle,
  onSessionsChanged = () => undefined,
  social: socialConfig = {},
  guests,
}: AuthOptions) {
  const social = socialSignInOptions(socialConfig);
  const changed = async ({ userId }: { userId: string }) => onSessionsChanged(userId);
  return betterAuth({
    databaseHooks: {
      session: { delete: { after: changed }, update: { after: changed } },
      user: {
        update: { after: async (user) => onSessionsChanged(user.id) },
        delete: { after: async (user) => onSessionsChanged(user.id) },
      },
    },
    appName: "Miaubot",
    baseURL: origins.publicOrigin,
    basePath: "/api/auth",
    // Checking a password without limits would be an oracle: the shop calls it in-process only.
    // Names change through /api/personal-data, which checks them; better-auth's own update-user
    // would store any JSON.
    disabledPaths: ["/verify-password", "/update-user"],
    secret,
    // Any address the shop is reached at, unless PUBLIC_URL fixes one (decision 013).
    trustedOrigins: (request) => [
      ...(request ? origins.trustedOrigins(request) : [origins.publicOrigin]),
      ...social.trustedOrigins,
    ],
    plugins: [
      guestCheckout(db, guests),
      ...social.plugins,
      emailLinkSignIn({ db, origins, mailer, rateLimited }),
      addressProof({ db, mailer, origins }),
      passkeySignIn({ origins }),
      trustedDevices(),
    ],
    socialProviders: social.socialProviders,
    account: social.account,
    onAPIError: social.onAPIError,
    database: drizzleAdapter(db, { provider: "pg", schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // A sign-up answers alike whether or not the address had an account (issue 28): no session,
      // a code mailed to prove the address, which signs in (address-proof.ts, decision 033).
      autoSignIn: false,
      // The mailed link opens /login with the token; it works once, within the hour.
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // Whoever holds the mailbox is the owner: the account may be tried again from anywhere.
      onPasswordReset: async ({ user }, request) => {
        if (rateLimited) await throttle.passwordReset(user.email);
        // The mailed link proved the mailbox, and the password is now the owner's; an address
        // proven only now loses every other way in (decisions 031, 033).
        await provenByReset({ db, mailer }, user, request);
      },
      sendResetPassword: async ({ user, token }, request) => {
        const lang = langOfRequest(request);
        await mailer.send(passwordResetMail(user, resetLink(origins.linkOrigin(request), token, lang), lang));
      },
    },
    user: {
      additionalFields: {
        lastName: { type: "string", required: false, defaultValue: "", input: true },
        // A first social sign-in's account, until its names and the terms are confirmed (decision 033).
        profilePending: { type: "boolean", required: false, defaultValue: false, input: false },
      },
      deleteUser: {
        enabled: true,
        // The password checked, the erasure every path shares (decision 045) deletes the account;
        // better-auth's own deletion after it finds nothing left, and expires the cookies.
        beforeDelete: async ({ id }) => {
          await eraseAccount(db, id);
          onSessionsChanged(id);
          await announceErasure(guests.hub, id);
        },
      },
    },
    // Sessions last 30 days and are extended, at most daily, while the shopper keeps using them.
    session: { expiresIn: 30 * DAY, updateAge: DAY },
    rateLimit: {
      enabled: rateLimited,
      storage: "database",
      window: 60,
      max: 100,
      // Passwords have their own limits (sign-in-throttle.ts), atomic and growing.
      customRules: {
        "/sign-in/email": false,
        "/change-password": false,
        "/sign-up/email": { window: 60, max: 5 },
        ...GUEST_RATE_LIMIT,
      },
    },
    advanced: {
      useSecureCookies: origins.publicOrigin.startsWith("https://"),
      // Checked in tests too: better-auth would skip it under NODE_ENV=test.
      disableOriginCheck: false,
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const password: unknown = (ctx.body as { password?: unknown } | undefined)?.password;
        const newPassword: unknown = (ctx.body as { newPassword?: unknown } | undefined)?.newPassword;
        const chosen =
          ctx.path === "/reset-password" || ctx.path === "/change-password"
            ? newPassword
            : ctx.path === "/sign-up/email"
              ? password
              : null;
        if (typeof chosen === "string" && isCommonPassword(chosen)) {
          throw new APIError("BAD_REQUEST", {
            code: "PASSWORD_TOO_COMMON",
            message: "Password is too common",
          });
        }
        refuseMalformedInput(ctx.path, ctx.body, ctx.query);
        // Deleting an account always asks for the password again (issue 3).
        if (ctx.path === "/delete-user" && (typeof password !== "string" || password === "")) {
          throw new APIError("BAD_REQUEST", { code: "PASSWORD_REQUIRED", message: "Password required" });
        }
        const attempt = rateLimited
          ? await fromDevice(ctx, passwordAttempt(ctx.path, ctx.body, ctx.request, await accountEmail(ctx)))
          : undefined;
        if (attempt) {
          const reservation = await throttle.reserve(attempt);
          if (!reservation.allowed) throw tooManyAttempts(reservation.retryAfterSeconds);
        }
        // A new password always signs every other device out (issue 11), whatever the client asked.
        if (ctx.path === "/change-password") {
          return { context: { ...ctx, body: { ...(ctx.body as object), revokeOtherSessions: true } } };
        }
        return undefined;
      }),
      after: createAuthMiddleware(async (ctx) => {
        const changedBy = ctx.context.session?.user;
        if (ctx.path === "/change-password" && changedBy && !(ctx.context.returned instanceof APIError)) {
          const notice = accountChangedMail(changedBy, { kind: "password" }, langOfRequest(ctx.request));
          await mailer.send(notice);
        }
        const attempt = rateLimited
          ? await fromDevice(ctx, passwordAttempt(ctx.path, ctx.body, ctx.request, changedBy?.email))
          : undefined;
        if (!attempt) return;
        const returned = ctx.context.returned;
        // A wrong password stays counted; a request refused before the check does not.
        if (!(returned instanceof APIError)) await throttle.succeeded(attempt);
        else if (!isWrongPassword(returned)) await throttle.cancelled(attempt);
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** A new account's fields, checked as the registration form checks them (better-auth checks types only). */
const signUpFields = z.object({
  name: textField(80, "name-required"),
  lastName: textField(120, "last-name-required").optional(),
  email: z.string().max(254),
});

/**
 * Refuses what better-auth would store or look up unchecked: a new account's names with control
 * characters or an over-long address, and a token carrying control characters (a NUL reaches the
 * database as an error).
 */
function refuseMalformedInput(path: string, body: unknown, query: unknown): void {
  if (path === "/sign-up/email" && !signUpFields.safeParse(body).success) {
    throw new APIError("BAD_REQUEST", { code: "INVALID_FIELDS", message: "Invalid name or email" });
  }
  for (const source of [body, query]) {
    const token: unknown = (source as { token?: unknown } | undefined)?.token;
    if (typeof token === "string" && hasControlCharacters(token)) {
      throw new APIError("BAD_REQUEST", { code: "INVALID_TOKEN", message: "Invalid token" });
    }
  }
}

/** The endpoints that check a password, besides signing in: they take the signed-in account's. */
const PASSWORD_CHECKS = new Set(["/change-password", "/delete-user"]);

/** The signed-in account of a request to an endpoint that checks its password. */
async function accountEmail(ctx: Parameters<typeof getSessionFromCtx>[0]): Promise<string | undefined> {
  if (!PASSWORD_CHECKS.has(ctx.path)) return undefined;
  return (await getSessionFromCtx(ctx))?.user.email;
}

/** The account and address a password is tried for, if the request tries one. */
function passwordAttempt(
  path: string,
  body: unknown,
  request: Request | undefined,
  signedIn: string | undefined,
): SignInAttempt | undefined {
  const typed: unknown = (body as { email?: unknown } | undefined)?.email;
  const email = path === "/sign-in/email" ? typed : PASSWORD_CHECKS.has(path) ? signedIn : undefined;
  if (typeof email !== "string") return undefined;
  return { email, address: request?.headers.get(CLIENT_IP_HEADER) ?? "unknown" };
}

/** A sign-in's attempt, from the browser's trusted device for that account when it has one. */
async function fromDevice(
  ctx: Parameters<typeof trustedDeviceOf>[0],
  attempt: SignInAttempt | undefined,
): Promise<SignInAttempt | undefined> {
  if (!attempt || ctx.path !== "/sign-in/email") return attempt;
  return { ...attempt, device: await trustedDeviceOf(ctx, attempt.email) };
}

/** better-auth's answer to a wrong password: 401 when signing in, INVALID_PASSWORD elsewhere. */
function isWrongPassword(error: APIError): boolean {
  return error.statusCode === 401 || error.body?.code === "INVALID_PASSWORD";
}

/** 429 with the wait, for a password tried too often (the sign-in form and `/api/me/email`). */
function tooManyAttempts(retryAfterSeconds: number): APIError {
  return new APIError(
    "TOO_MANY_REQUESTS",
    {
      code: "TOO_MANY_ATTEMPTS",
      message: "Too many wrong passwords from here; wait before trying again",
      retryAfterSeconds,
    },
    { "retry-after": String(retryAfterSeconds) },
  );
}
