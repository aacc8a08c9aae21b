import { and, count, eq, gte, lt } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { signInFailure } from "../db/schema.ts";

/** Per account: this many wrong passwords in the window lock sign-in for the rest of it. */
export const ACCOUNT_FAILURE_LIMIT = 5;
export const ACCOUNT_WINDOW_MS = 15 * 60 * 1000;

/**
 * The per-account half of the sign-in limits (the per-address half is better-auth's): guessing
 * one shopper's password from many addresses stops after a few tries. Kept in the database, so
 * every server process sees the same count.
 */
export function createSignInThrottle(db: Database, now: () => Date = () => new Date()) {
  const since = () => new Date(now().getTime() - ACCOUNT_WINDOW_MS);
  return {
    async isLocked(email: string): Promise<boolean> {
      const [row] = await db
        .select({ total: count() })
        .from(signInFailure)
        .where(and(eq(signInFailure.email, email.toLowerCase()), gte(signInFailure.at, since())));
      return (row?.total ?? 0) >= ACCOUNT_FAILURE_LIMIT;
    },
    async recordFailure(email: string): Promise<void> {
      await db.insert(signInFailure).values({ email: email.toLowerCase(), at: now() });
      // Old rows are of no use: each failure sweeps the ones past the window.
      await db.delete(signInFailure).where(lt(signInFailure.at, since()));
    },
    async recordSuccess(email: string): Promise<void> {
      await db.delete(signInFailure).where(eq(signInFailure.email, email.toLowerCase()));
    },
  };
}
