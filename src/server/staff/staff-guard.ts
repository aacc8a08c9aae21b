import type { Context, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { staffErrorCodes, staffRoleSchema } from "#shared/api/staff-contract.ts";
import type { StaffActor } from "../audit/staff-audit.ts";
import { type CheckedSession, type SessionCache, sessionCookie } from "../auth/session-cache.ts";
import { apiError } from "../http/validate.ts";
import { STAFF_COOKIE_PREFIX, type StaffAuth } from "./staff-auth.ts";

/** A signed-in staff member, as the back office's routes receive them (`c.get("staff")`). */
export type SignedInStaff = Extract<StaffActor, { kind: "staff" }>;
export type StaffEnv = { Variables: { staff: SignedInStaff } };

/** The staff user of a session, as better-auth reads it from `staff_user`. */
const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  twoFactorEnabled: z.boolean().nullish(),
  disabledAt: z.date().nullish(),
});
export type StaffSessionUser = z.infer<typeof sessionUserSchema>;

/** Who the request's staff session cookie (`gestion.session_token`) belongs to; never a shopper's. */
export type StaffSessionReader = (headers: Headers) => Promise<StaffSessionUser | null>;

/** The staff sessions better-auth confirmed, kept until the database says otherwise (decision 019). */
export type StaffSessionCache = SessionCache<StaffSessionUser>;

const staffCookie = sessionCookie(`${STAFF_COOKIE_PREFIX}.session_token`);

/**
 * A request without a staff cookie is nobody's without asking the database; one whose session
 * was confirmed lately is answered from memory, so a back-office request costs no round trip for
 * its session. What is kept is everything the guard decides on (role, second factor, leaving),
 * and any change to it in the database drops it in every process (migration 0036).
 */
export function staffSessionReader(auth: StaffAuth, cache: StaffSessionCache): StaffSessionReader {
  const check = async (headers: Headers): Promise<CheckedSession<StaffSessionUser> | null> => {
    const found = await auth.api.getSession({ headers });
    if (!found) return null;
    const user = sessionUserSchema.safeParse(found.user);
    return user.success ? { user: user.data, expiresAt: found.session.expiresAt } : null;
  };
  return async (headers) => {
    const cookie = headers.get("cookie") ?? "";
    if (!staffCookie.present(cookie)) return null;
    const token = staffCookie.tokenOf(cookie);
    if (token) return cache.read(token, () => check(headers));
    return (await check(headers))?.user ?? null;
  };
}

export type RequireStaff = (options?: { role?: "owner" }) => MiddlewareHandler<StaffEnv>;

/**
 * The one guard of the back office's API (issue 30): a staff session (401 without one), of a
 * staff member still with the shop (403 `staff-disabled`) who has enrolled their second factor
 * (403 `second-factor-required`), with the role asked for (403 `forbidden`). The staff member is
 * then `c.get("staff")`, the actor every audit entry names.
 */
export function createRequireStaff(readStaff: StaffSessionReader): RequireStaff {
  return (options = {}) =>
    createMiddleware<StaffEnv>(async (c, next) => {
      const user = await readStaff(c.req.raw.headers);
      const refused = refusal(c, user, { secondFactor: true, ...options });
      if (refused || !user)
        return refused ?? c.json(apiError(staffErrorCodes.unauthorized, "Sign in first"), 401);
      c.set("staff", { kind: "staff", id: user.id, email: user.email, role: user.role });
      await next();
      c.res.headers.set("cache-control", "private, no-store");
    });
}

/** What a staff session may not do here, as its JSON answer; undefined when it may. */
export function refusal(
  c: Context,
  user: StaffSessionUser | null,
  needs: { secondFactor: boolean; role?: "owner" },
): Response | undefined {
  if (!user) return c.json(apiError(staffErrorCodes.unauthorized, "Sign in first"), 401);
  if (user.disabledAt)
    return c.json(apiError(staffErrorCodes.disabled, "This staff account is disabled"), 403);
  if (needs.secondFactor && user.twoFactorEnabled !== true) {
    return c.json(
      apiError(staffErrorCodes.secondFactorRequired, "Enrol your second factor (TOTP) first"),
      403,
    );
  }
  if (needs.role === "owner" && user.role !== "owner") {
    return c.json(apiError(staffErrorCodes.forbidden, "Only an owner may do this"), 403);
  }
  return undefined;
}
