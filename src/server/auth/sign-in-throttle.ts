import { eq, inArray, like, lt, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { escapeLike } from "../db/like-pattern.ts";
import { signInThrottle } from "../db/schema.ts";

/** How many password attempts a key gets before each further one waits, and how long at most. */
export const SIGN_IN_LIMITS = {
  /** One account from one address: the burst of a guesser, or of an owner who forgot. */
  accountFromAddress: 5,
  /** One address, whatever the accounts: credential stuffing from one machine. */
  address: 20,
  /** One account from anywhere: guessing spread over many addresses. */
  account: 50,
  /**
   * One browser that signed in to the account before (its device cookie): counted on its own,
   * whatever the account's other counters say (issue 31).
   */
  device: 10,
} as const;
/** The wait after the first attempt past the limit; it doubles with each further one. */
export const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 15 * 60 * 1000;
/** A run of failures is forgotten this long after its last attempt. */
export const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

/** A password tried for an account from an address, from a device known to it or not. */
export type SignInAttempt = { email: string; address: string; device?: string | undefined };
export type Reservation = { allowed: true } | { allowed: false; retryAfterSeconds: number };

type Kind = keyof typeof SIGN_IN_LIMITS;

/** The wait before the attempt after the `failures`-th one: none within the limit, then doubling. */
export function delayAfter(failures: number, limit: number): number {
  if (failures < limit) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - limit), MAX_DELAY_MS);
}

/**
 * Password limits shared by every server process (decision 016). Each password check first takes
 * an attempt from three counters in one transaction (the account from this address, the address,
 * the account), under row locks, so parallel bursts cannot get more than the limit. Past its
 * limit a counter makes the next attempt wait, 1 s and doubling up to 15 min. A burst from one
 * address therefore delays that address, and that account there, long before it touches the
 * account's own counter: the owner signing in from elsewhere gets in, and a password reset clears
 * the account's counters everywhere. A right password clears the account's counters and gives the
 * address its attempt back.
 */
export function createSignInThrottle(db: Database, now: () => Date = () => new Date()) {
  const keysOf = ({ email, address, device }: SignInAttempt): [Kind, string][] => {
    const account = email.trim().toLowerCase();
    // A browser the account signed in from before is limited by its own counter only: a lockout
    // of the account or the address by someone else's guesses never reaches it.
    if (device) return [["device", `device:${account}|${device}`]];
    // Sorted, so that two transactions always lock them in the same order.
    return (
      [
        ["account", `account:${account}`],
        ["accountFromAddress", `account-address:${account}|${address}`],
        ["address", `address:${address}`],
      ] satisfies [Kind, string][]
    ).sort(([, a], [, b]) => a.localeCompare(b));
  };
  const giveBack = (keys: string[]) =>
    db
      .update(signInThrottle)
      .set({ failures: sql`greatest(${signInThrottle.failures} - 1, 0)` })
      .where(inArray(signInThrottle.key, keys));

  return {
    /** Takes an attempt, or says how long to wait; counted as a failure until told otherwise. */
    async reserve(attempt: SignInAttempt): Promise<Reservation> {
      const at = now();
      try {
        await db.transaction(async (tx) => {
          for (const [kind, key] of keysOf(attempt)) {
            await tx
              .insert(signInThrottle)
              .values({ key, failures: 0, nextAllowedAt: at, updatedAt: at })
              .onConflictDoNothing();
            const [row] = await tx
              .select()
              .from(signInThrottle)
              .where(eq(signInThrottle.key, key))
              .for("update");
            if (!row) throw new Error(`sign-in counter ${key} vanished`);
            const forgotten = at.getTime() - row.updatedAt.getTime() >= FORGET_AFTER_MS;
            if (!forgotten && row.nextAllowedAt > at)
              throw new Wait(row.nextAllowedAt.getTime() - at.getTime());
            const failures = (forgotten ? 0 : row.failures) + 1;
            const nextAllowedAt = new Date(at.getTime() + delayAfter(failures, SIGN_IN_LIMITS[kind]));
            await tx
              .update(signInThrottle)
              .set({ failures, nextAllowedAt, updatedAt: at })
              .where(eq(signInThrottle.key, key));
          }
        });
        return { allowed: true };
      } catch (error) {
        if (error instanceof Wait) return { allowed: false, retryAfterSeconds: Math.ceil(error.ms / 1000) };
        throw error;
      }
    },
    /**
     * The password was right: the account's counters start again, the address gets its attempt
     * back; from a known device, only that device's counter starts again.
     */
    async succeeded(attempt: SignInAttempt): Promise<void> {
      const keys = keysOf(attempt);
      const accountKeys = keys.filter(([kind]) => kind !== "address").map(([, key]) => key);
      await db.delete(signInThrottle).where(inArray(signInThrottle.key, accountKeys));
      // The owner's own browser: only its counter started again; the account's stand as they are.
      if (attempt.device) return;
      await giveBack(keys.filter(([kind]) => kind === "address").map(([, key]) => key));
      // Counters nobody touched for a day are of no use.
      await db
        .delete(signInThrottle)
        .where(lt(signInThrottle.updatedAt, new Date(now().getTime() - FORGET_AFTER_MS)));
    },
    /** The attempt never reached the password (a malformed request): it is not counted. */
    async cancelled(attempt: SignInAttempt): Promise<void> {
      await giveBack(keysOf(attempt).map(([, key]) => key));
    },
    /** A new password was set through a mailed link: the account may be tried again from anywhere. */
    async passwordReset(email: string): Promise<void> {
      const account = email.trim().toLowerCase();
      await db
        .delete(signInThrottle)
        .where(
          or(
            eq(signInThrottle.key, `account:${account}`),
            like(signInThrottle.key, `account-address:${escapeLike(account)}|%`),
          ),
        );
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

class Wait extends Error {
  readonly ms: number;
  constructor(ms: number) {
    super("wait");
    this.ms = ms;
  }
}
