import { createMiddleware } from "hono/factory";
import type { SessionUser } from "#shared/api/account-contract.ts";
import { apiError } from "../http/validate.ts";
import type { Auth } from "./auth.ts";

export type UserEnv = { Variables: { user: SessionUser } };

/**
 * Every per-user endpoint goes through here: no session, 401 with the shared JSON error. What it
 * answers is one shopper's own (addresses, orders, invoices): no cache, shared or the browser's
 * own on disk, may keep it (issue 11).
 */
export function requireUser(auth: Auth) {
  return createMiddleware<UserEnv>(async (c, next) => {
    const user = await readSessionUser(auth, c.req.raw.headers);
    if (!user) return c.json(apiError("unauthorized", "Sign in first"), 401);
    c.set("user", user);
    await next();
    c.res.headers.set("cache-control", "private, no-store");
  });
}

/** Who the request's session cookie belongs to, if anyone. */
export async function readSessionUser(auth: Auth, headers: Headers): Promise<SessionUser | null> {
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const { id, email, name, lastName } = session.user;
  return { id, email, name, lastName: typeof lastName === "string" ? lastName : "" };
}

/**
 * Whether a Cookie header carries a session cookie (better-auth's, `__Secure-` on https), without
 * asking whether it is still valid: a request without one is a visitor's for sure.
 */
export function mayHaveSession(cookieHeader: string): boolean {
  return cookieHeader.includes("better-auth.session_token=");
}
