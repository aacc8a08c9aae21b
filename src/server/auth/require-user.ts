import { createMiddleware } from "hono/factory";
import { apiError } from "../http/validate.ts";
import type { Auth } from "./auth.ts";

export type SessionUser = { id: string; email: string; name: string; lastName: string };

export type UserEnv = { Variables: { user: SessionUser } };

/** Every per-user endpoint goes through here: no session, 401 with the shared JSON error. */
export function requireUser(auth: Auth) {
  return createMiddleware<UserEnv>(async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) return c.json(apiError("unauthorized", "Sign in first"), 401);
    const { id, email, name, lastName } = session.user;
    c.set("user", { id, email, name, lastName: typeof lastName === "string" ? lastName : "" });
    await next();
  });
}
