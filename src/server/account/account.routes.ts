import { APIError } from "better-auth/api";
import { and, eq, ne } from "drizzle-orm";
import { Hono } from "hono";
import { changeEmailSchema } from "#shared/api/account-contract.ts";
import { accountChangedMail } from "../auth/account-notice-mails.ts";
import type { Auth } from "../auth/auth.ts";
import { langOfRequest } from "../auth/auth-mails.ts";
import { requireUser, type SessionReader, type UserEnv } from "../auth/require-user.ts";
import type { SignInThrottle } from "../auth/sign-in-throttle.ts";
import type { Database } from "../db/client.ts";
import { user } from "../db/schema.ts";
import { clientAddress } from "../http/client-address.ts";
import { apiError, validate } from "../http/validate.ts";
import type { ChangeHub } from "../live/change-hub.ts";
import type { Logger } from "../logger.ts";
import type { MailOutbox } from "../mail/mail-outbox.ts";

export type AccountDeps = {
  auth: Auth;
  sessions: SessionReader;
  db: Database;
  hub: ChangeHub;
  mail: MailOutbox;
  logger: Logger;
  /** A password checked here can be guessed like a sign-in: it is limited like one (issue 11). */
  throttle: SignInThrottle;
};

/** The signed-in shopper's own account. */
export function accountRoutes({ auth, sessions, db, hub, mail, logger, throttle }: AccountDeps) {
  return new Hono<UserEnv>()
    .use(requireUser(sessions))
    .get("/", (c) => c.json({ user: c.get("user") }))
    .post("/email", validate("json", changeEmailSchema), async (c) => {
      const current = c.get("user");
      const { newEmail, password } = c.req.valid("json");
      const attempt = { email: current.email, address: clientAddress(c) };
      const reservation = await throttle.reserve(attempt);
      if (!reservation.allowed) {
        const { retryAfterSeconds } = reservation;
        c.header("retry-after", String(retryAfterSeconds));
        return c.json(
          {
            ...apiError("TOO_MANY_ATTEMPTS", "Too many wrong passwords; wait before trying again"),
            retryAfterSeconds,
          },
          429,
        );
      }
      try {
        await auth.api.verifyPassword({ headers: c.req.raw.headers, body: { password } });
      } catch (error) {
        if (!(error instanceof APIError)) throw error;
        return c.json(apiError("INVALID_PASSWORD", "Wrong password"), 400);
      }
      await throttle.succeeded(attempt);
      const [taken] = await db
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.email, newEmail), ne(user.id, current.id)));
      if (taken) return c.json(apiError("USER_ALREADY_EXISTS", "Email already in use"), 409);
      // A new address is not verified yet; this session stays, and now reads the new email. The
      // old address is told, by a mail stored with the change.
      const notice = accountChangedMail(current, { kind: "email", newEmail }, langOfRequest(c.req.raw));
      try {
        await db.transaction(async (tx) => {
          await tx.update(user).set({ email: newEmail, emailVerified: false }).where(eq(user.id, current.id));
          await mail.queue(tx, notice);
        });
      } catch (error) {
        // Someone took the address a moment ago (the unique index said no).
        if (isUniqueViolation(error))
          return c.json(apiError("USER_ALREADY_EXISTS", "Email already in use"), 409);
        throw error;
      }
      // Whoever else was signed in (a thief's device, say) is signed out.
      await auth.api.revokeOtherSessions({ headers: c.req.raw.headers });
      mail
        .deliver()
        .catch((error: unknown) => logger.error({ err: error }, "email-change notice not sent yet"));
      await hub.publish(current.id, "personalData");
      return c.json({ email: newEmail });
    });
}

function isUniqueViolation(error: unknown): boolean {
  const cause = error instanceof Error && "cause" in error ? error.cause : error;
  return typeof cause === "object" && cause !== null && "code" in cause && cause.code === "23505";
}
