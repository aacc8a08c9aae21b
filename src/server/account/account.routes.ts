import { Hono } from "hono";
import type { Auth } from "../auth/auth.ts";
import { requireUser, type UserEnv } from "../auth/require-user.ts";

/** The signed-in shopper's own account. */
export function accountRoutes(auth: Auth) {
  return new Hono<UserEnv>().use(requireUser(auth)).get("/", (c) => c.json({ user: c.get("user") }));
}
