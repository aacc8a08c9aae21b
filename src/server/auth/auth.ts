import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { Database } from "../db/client.ts";
import * as schema from "../db/schema.ts";
import type { OriginPolicy } from "../http/origin-policy.ts";
import type { Mailer } from "../mail/mailer.ts";
import { accountChangedMail } from "./account-notice-mails.ts";
import { langOfRequest, passwordResetMail, resetLink } from "./auth-mails.ts";
import { isCommonPassword } from "./common-passwords.ts";
import { createSignInThrottle } from "./sign-in-throttle.ts";

export type AuthOptions = {
  db: Database;
  secret: string;
  /** Where the shop lives: cookies are Secure when it is https; writes come from its origins. */
  origins: OriginPolicy;
  /** Tests switch it off: every in-process request comes from one address. */
  rateLimited?: boolean;
  /** Sends the password-reset mail. */
  mailer: Mailer;
};

/** The header our server sets from the socket; clients cannot choose it (see auth.routes.ts). */
export const CLIENT_IP_HEADER = "x-shop-client-ip";

const DAY = 60 * 60 * 24;

/** Identity on our own database (better-auth): email and password, sessions in httpOnly cookies. */
export function createAuth({ db, secret, origins, rateLimited = true, mailer }: AuthOptions) {
  const throttle = createSignInThrottle(db);
  return betterAuth({
    appName: "Miaubot",
    baseURL: origins.publicOrigin,
    basePath: "/api/auth",
    secret,
    // Any address the shop is reached at, unless PUBLIC_URL fixes one (decision 013).
    trustedOrigins: (request) => (request ? origins.trustedOrigins(request) : [origins.publicOrigin]),
    database: drizzleAdapter(db, { provider: "pg", schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      // The mailed link opens /login with the token; it works once, within the hour.
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }, request) => {
        await mailer.send(
          passwordResetMail(user, resetLink(origins.linkOrigin(request), token), langOfRequest(request)),
        );
      },
    },
    user: {
      additionalFields: { lastName: { type: "string", required: false, defaultValue: "", input: true } },
      // The user's rows in our own tables go with them (foreign keys ON DELETE CASCADE).
      deleteUser: { enabled: true },
    },
    // Sessions last 30 days and are extended, at most daily, while the shopper keeps using them.
    session: { expiresIn: 30 * DAY, updateAge: DAY },
    rateLimit: {
      enabled: rateLimited,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60, max: 5 },
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
        // Deleting an account always asks for the password again (issue 3).
        if (ctx.path === "/delete-user" && (typeof password !== "string" || password === "")) {
          throw new APIError("BAD_REQUEST", { code: "PASSWORD_REQUIRED", message: "Password required" });
        }
        const email = signInEmail(ctx.path, ctx.body);
        if (rateLimited && email && (await throttle.isLocked(email))) {
          throw new APIError("TOO_MANY_REQUESTS", {
            code: "TOO_MANY_ATTEMPTS",
            message: "Too many failed sign-ins for this account; try again later",
          });
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
        const email = signInEmail(ctx.path, ctx.body);
        if (!email) return;
        const returned = ctx.context.returned;
        if (returned instanceof APIError) {
          if (returned.statusCode === 401) await throttle.recordFailure(email);
        } else {
          await throttle.recordSuccess(email);
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The account a sign-in request is for, if it is one. */
function signInEmail(path: string, body: unknown): string | undefined {
  if (path !== "/sign-in/email") return undefined;
  const email: unknown = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? email.trim().toLowerCase() : undefined;
}
