import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { twoFactor } from "better-auth/plugins/two-factor";
import { eq } from "drizzle-orm";
import { brand } from "#shared/brand.ts";
import { CLIENT_IP_HEADER } from "../auth/auth.ts";
import { isCommonPassword } from "../auth/common-passwords.ts";
import type { SignInAttempt, SignInThrottle } from "../auth/sign-in-throttle.ts";
import type { Database } from "../db/client.ts";
import * as schema from "../db/schema.ts";
import type { OriginPolicy } from "../http/origin-policy.ts";

export type StaffAuthOptions = {
  db: Database;
  /** The shop's secret: the staff cookies are signed with it, under names of their own. */
  secret: string;
  origins: OriginPolicy;
  /** Tests switch it off: every in-process request comes from one address. */
  rateLimited: boolean;
  /** The shop's password limits (decision 016), with the staff's accounts counted apart. */
  throttle: SignInThrottle;
  /**
   * A staff member's sessions or account changed through better-auth (sign-out, new password,
   * second factor enrolled): this process forgets what it kept before answering; the others hear
   * it from the database (migration 0036).
   */
  onSessionsChanged?: (staffId: string) => void;
};

/** Where better-auth answers the back office's identity (issue 30). */
export const STAFF_AUTH_BASE_PATH = "/api/gestion/auth";
/** `gestion.session_token`, `gestion.two_factor`… never the shop's `better-auth.*` cookies. */
export const STAFF_COOKIE_PREFIX = "gestion";
/** A staff session lasts a working day and is never extended: then the password and TOTP again. */
export const STAFF_SESSION_SECONDS = 8 * 60 * 60;

/**
 * The back office's own better-auth (issue 30, decision 041): its own tables (`staff-schema.ts`),
 * cookies and base path, so a shopper's session, password or provider link never reaches it.
 * Accounts come from invitations only; the second factor is TOTP (the two-factor plugin), which
 * `requireStaff` insists on.
 */
export function createStaffAuth({
  db,
  secret,
  origins,
  rateLimited,
  throttle,
  onSessionsChanged = () => undefined,
}: StaffAuthOptions) {
  const changed = async ({ userId }: { userId: string }) => onSessionsChanged(userId);
  return betterAuth({
    databaseHooks: {
      session: { delete: { after: changed }, update: { after: changed } },
      user: {
        update: { after: async (user) => onSessionsChanged(user.id) },
        delete: { after: async (user) => onSessionsChanged(user.id) },
      },
    },
    appName: brand.shopName,
    baseURL: origins.publicOrigin,
    basePath: STAFF_AUTH_BASE_PATH,
    secret,
    trustedOrigins: (request) => (request ? origins.trustedOrigins(request) : [origins.publicOrigin]),
    // Accounts only through invitations; names and roles change through the back office's routes.
    disabledPaths: ["/sign-up/email", "/update-user", "/verify-password", "/two-factor/disable"],
    database: drizzleAdapter(db, { provider: "pg", schema }),
    user: {
      modelName: "staffUser",
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "staff", input: false },
        disabledAt: { type: "date", required: false, input: false },
      },
    },
    session: {
      modelName: "staffSession",
      expiresIn: STAFF_SESSION_SECONDS,
      disableSessionRefresh: true,
    },
    account: { modelName: "staffAccount" },
    verification: { modelName: "staffVerification" },
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: 8, maxPasswordLength: 128 },
    plugins: [twoFactor({ issuer: brand.shopName, twoFactorTable: "staffTwoFactor" })],
    rateLimit: {
      enabled: rateLimited,
      storage: "database",
      window: 60,
      max: 100,
      // Passwords have the shop's own limits (sign-in-throttle.ts), counted per staff account.
      customRules: { "/sign-in/email": false, "/change-password": false },
    },
    advanced: {
      cookiePrefix: STAFF_COOKIE_PREFIX,
      useSecureCookies: origins.publicOrigin.startsWith("https://"),
      disableOriginCheck: false,
      // Strict: the back office is never reached by a link from another site with its session.
      defaultCookieAttributes: { sameSite: "strict", httpOnly: true },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body: unknown = ctx.body;
        const newPassword = fieldOf(body, "newPassword");
        if (
          ctx.path === "/change-password" &&
          typeof newPassword === "string" &&
          isCommonPassword(newPassword)
        ) {
          throw new APIError("BAD_REQUEST", {
            code: "PASSWORD_TOO_COMMON",
            message: "Password is too common",
          });
        }
        if (ctx.path === "/sign-in/email") await refuseDisabled(db, fieldOf(body, "email"));
        const attempt = rateLimited ? passwordAttempt(ctx.path, body, ctx.headers) : undefined;
        if (attempt) {
          const reservation = await throttle.reserve(attempt);
          if (!reservation.allowed) throw tooManyAttempts(reservation.retryAfterSeconds);
        }
        // No device is trusted past the second factor: every sign-in asks for the code.
        if (ctx.path.startsWith("/two-factor/verify") && isRecord(body)) {
          return { context: { ...ctx, body: { ...body, trustDevice: false } } };
        }
        if (ctx.path === "/change-password" && isRecord(body)) {
          return { context: { ...ctx, body: { ...body, revokeOtherSessions: true } } };
        }
        return undefined;
      }),
      after: createAuthMiddleware(async (ctx) => {
        const attempt = rateLimited ? passwordAttempt(ctx.path, ctx.body, ctx.headers) : undefined;
        if (!attempt) return;
        const returned = ctx.context.returned;
        if (!(returned instanceof APIError)) await throttle.succeeded(attempt);
        else if (returned.statusCode !== 401) await throttle.cancelled(attempt);
      }),
    },
  });
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const fieldOf = (value: unknown, key: string): unknown => (isRecord(value) ? value[key] : undefined);

/** A staff member who left signs in no more (their sessions ended when they were disabled). */
async function refuseDisabled(db: Database, email: unknown): Promise<void> {
  if (typeof email !== "string") return;
  const [row] = await db
    .select({ disabledAt: schema.staffUser.disabledAt })
    .from(schema.staffUser)
    .where(eq(schema.staffUser.email, email.trim().toLowerCase()));
  if (row?.disabledAt) {
    throw new APIError("FORBIDDEN", { code: "STAFF_DISABLED", message: "This staff account is disabled" });
  }
}

/** A staff sign-in's counters: the shop's, under names no shopper's address can take. */
function passwordAttempt(
  path: string,
  body: unknown,
  headers: Headers | undefined,
): SignInAttempt | undefined {
  const email = fieldOf(body, "email");
  if (path !== "/sign-in/email" || typeof email !== "string") return undefined;
  return { email: `gestion:${email}`, address: headers?.get(CLIENT_IP_HEADER) ?? "unknown" };
}

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
