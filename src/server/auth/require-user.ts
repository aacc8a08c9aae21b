import { createMiddleware } from "hono/factory";
import type { SessionUser } from "#shared/api/account-contract.ts";
import { apiError } from "../http/validate.ts";
import type { Auth } from "./auth.ts";
import { type CheckedSession, mayHaveSession, type SessionCache, sessionTokenOf } from "./session-cache.ts";

export type UserEnv = { Variables: { user: SessionUser } };

/** Who the request's session cookie belongs to, if anyone. */
export type SessionReader = (headers: Headers) => Promise<SessionUser | null>;

/**
 * Every per-user endpoint goes through here: no session, 401 with the shared JSON error. What it
 * answers is one shopper's own (addresses, orders, invoices): no cache, shared or the browser's
 * own on disk, may keep it (issue 11).
 */
export function requireUser(readSession: SessionReader) {
  return createMiddleware<UserEnv>(async (c, next) => {
    const user = await readSession(c.req.raw.headers);
    if (!user) return c.json(apiError("unauthorized", "Sign in first"), 401);
    c.set("user", user);
    await next();
    c.res.headers.set("cache-control", "private, no-store");
  });
}

/**
 * The accounts' endpoints and pages (spec §6's guard): a guest's session is not a signed-in one
 * there (decision 032), as a visitor's 401 says.
 */
export function accountsOnly(readSession: SessionReader): SessionReader {
  return async (headers) => {
    const user = await readSession(headers);
    return user?.guest ? null : user;
  };
}

/** For a route of an endpoint guests may use otherwise (checkout): accounts only here. */
export const requireAccount = createMiddleware<UserEnv>(async (c, next) => {
  if (c.get("user").guest) return c.json(apiError("unauthorized", "Sign in first"), 401);
  await next();
});

/**
 * Whether a request's session is that of a first social sign-in's account still in its welcome
 * step (`profile_pending`, decision 033): no session for the shop, nor for better-auth's own
 * endpoints (issue 28, `auth.routes.ts`).
 */
export async function isPendingSession(auth: Auth, headers: Headers): Promise<boolean> {
  if (!mayHaveSession(headers.get("cookie") ?? "")) return false;
  const found = await auth.api.getSession({ headers, query: { disableRefresh: true } });
  return found?.user.profilePending === true;
}

/** better-auth's session cookies (`__Secure-` before them on https). */
const SESSION_COOKIE = /^(?:__Secure-)?better-auth\.(?:session_token|session_data|dont_remember)=/;

/** A Cookie header without better-auth's session cookies: the request of a visitor. */
export function withoutSessionCookies(cookieHeader: string): string {
  return cookieHeader
    .split(/;\s*/)
    .filter((pair) => pair !== "" && !SESSION_COOKIE.test(pair))
    .join("; ");
}

/**
 * Reads sessions through better-auth, remembering confirmed ones in `cache` when given (the
 * server's; decision 019). A request without a session cookie is a visitor's, asked of nobody. A
 * guest's session is read too, marked `guest` (see `accountsOnly`, decision 032).
 */
export function sessionReader(auth: Auth, cache?: SessionCache): SessionReader {
  const check = async (headers: Headers): Promise<CheckedSession | null> => {
    const found = await auth.api.getSession({ headers });
    // A first social sign-in's account is not usable until it is completed (decision 033).
    if (!found || found.user.profilePending) return null;
    const { id, email, name, lastName, isAnonymous } = found.user;
    const user: SessionUser = { id, email, name, lastName: typeof lastName === "string" ? lastName : "" };
    if (isAnonymous === true) user.guest = true;
    return { user, expiresAt: found.session.expiresAt };
  };
  return async (headers) => {
    const cookie = headers.get("cookie") ?? "";
    if (!mayHaveSession(cookie)) return null;
    const token = cache && sessionTokenOf(cookie);
    if (cache && token) return cache.read(token, () => check(headers));
    return (await check(headers))?.user ?? null;
  };
}
