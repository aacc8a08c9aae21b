import { APIError } from "better-auth/api";
import { and, eq, ne } from "drizzle-orm";
import { Hono } from "hono";
import { changeEmailSchema } from "#shared/api/account-contract.ts";
import type { Auth } from "../auth/auth.ts";
import { requireUser, type UserEnv } from "../auth/require-user.ts";
import type { Database } from "../db/client.ts";
import { user } from "../db/schema.ts";
import { apiError, validate } from "../http/validate.ts";
import type { ChangeHub } from "../live/change-hub.ts";

/** The signed-in shopper's own account. */
export function accountRoutes(auth: Auth, db: Database, hub: ChangeHub) {
  return new Hono<UserEnv>()
    .use(requireUser(auth))
    .get("/", (c) => c.json({ user: c.get("user") }))
    .post("/email", validate("json", changeEmailSchema), async (c) => {
      const { id } = c.get("user");
      const { newEmail, password } = c.req.valid("json");
      try {
        await auth.api.verifyPassword({ headers: c.req.raw.headers, body: { password } });
      } catch (error) {
        if (error instanceof APIError) return c.json(apiError("INVALID_PASSWORD", "Wrong password"), 400);
        throw error;
      }
      const [taken] = await db
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.email, newEmail), ne(user.id, id)));
      if (taken) return c.json(apiError("USER_ALREADY_EXISTS", "Email already in use"), 409);
      // A new address is not verified yet; the session stays, and now reads the new email.
      try {
        await db.update(user).set({ email: newEmail, emailVerified: false }).where(eq(user.id, id));
      } catch (error) {
        // Someone took the address a moment ago (the unique index said no).
        if (isUniqueViolation(error))
          return c.json(apiError("USER_ALREADY_EXISTS", "Email already in use"), 409);
        throw error;
      }
      await hub.publish(id, "personalData");
      return c.json({ email: newEmail });
    });
}

function isUniqueViolation(error: unknown): boolean {
  const cause = error instanceof Error && "cause" in error ? error.cause : error;
  return typeof cause === "object" && cause !== null && "code" in cause && cause.code === "23505";
}
