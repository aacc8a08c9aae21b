import { lt, sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import type { Database } from "../db/client.ts";
import { requestLimit } from "../db/schema.ts";
import { clientAddress } from "./client-address.ts";
import { apiError } from "./validate.ts";

/** Requests allowed per client within one window. */
export type LimitRule = { limit: number; windowMs: number };

export type RateLimitOptions = LimitRule & {
  /** Who is counted: by default the client's address. */
  keyOf?: (c: Context) => string;
};

/** One request more from a key: let through, or refused until its window ends. */
export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Every limit of the shop, counted where all its processes and machines see the same count. */
export type RequestLimits = {
  /** Counts one request of `key` under the limit `name`. */
  take(name: string, key: string, rule: LimitRule): Promise<RateVerdict>;
  /** Forgets the counts whose window has ended; how many there were. */
  sweep(): Promise<number>;
};

/**
 * The request limits in the database (decision 050): a fixed window per limit and client, counted
 * by one atomic upsert, so two requests at once in two processes (or machines) are two requests
 * of the same count, and a window that has ended starts again at the request that finds it so.
 */
export function databaseLimits(db: Database, now: () => Date = () => new Date()): RequestLimits {
  return {
    async take(name, key, { limit, windowMs }) {
      const at = now();
      const resetsAt = new Date(at.getTime() + windowMs);
      const ended = sql`${requestLimit.resetsAt} <= ${at.toISOString()}::timestamptz`;
      const [counted] = await db
        .insert(requestLimit)
        .values({ key: `${name}|${key}`, count: 1, resetsAt })
        .onConflictDoUpdate({
          target: requestLimit.key,
          set: {
            count: sql`case when ${ended} then 1 else ${requestLimit.count} + 1 end`,
            resetsAt: sql`case when ${ended} then excluded.resets_at else ${requestLimit.resetsAt} end`,
          },
        })
        .returning({ count: requestLimit.count, resetsAt: requestLimit.resetsAt });
      if (!counted) throw new Error(`request limit ${name} counted nothing`);
      if (counted.count <= limit) return { allowed: true };
      const waitMs = counted.resetsAt.getTime() - at.getTime();
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },
    async sweep() {
      const gone = await db
        .delete(requestLimit)
        .where(lt(requestLimit.resetsAt, now()))
        .returning({ key: requestLimit.key });
      return gone.length;
    },
  };
}

/** No limit at all: automated runs, where every request comes from one address (RATE_LIMITS=off). */
export const NO_LIMITS: RequestLimits = {
  take: async () => ({ allowed: true }),
  sweep: async () => 0,
};

/** A limit as middleware, answering 429 with the API's JSON error and Retry-After. */
export function rateLimit(
  limits: RequestLimits,
  name: string,
  { keyOf = clientAddress, ...rule }: RateLimitOptions,
): MiddlewareHandler {
  return async (c, next) => {
    const verdict = await limits.take(name, keyOf(c), rule);
    if (!verdict.allowed) {
      c.header("retry-after", String(verdict.retryAfterSeconds));
      return c.json(apiError("too-many-requests", "Too many requests, try again later"), 429);
    }
    await next();
  };
}
