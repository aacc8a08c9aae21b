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
 * Reads sessions through better-auth, remembering confirmed ones in `cache` when given (the
 * server's; decision 019). A request without a session cookie is a visitor's, asked of nobody.
 */
export function sessionReader(auth: Auth, cache?: SessionCache): SessionReader {
  const check = async (headers: Headers): Promise<CheckedSession | null> => {
    const found = await auth.api.getSession({ headers });
    // A first social sign-in's account is not usable until it is completed (decision 033).
    if (!found || found.user.profilePending) return null;
    const { id, email, name, lastName } = found.user;
    const user = { id, email, name, lastName: typeof lastName === "string" ? lastName : "" };
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
