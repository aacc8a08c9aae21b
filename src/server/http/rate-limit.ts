import type { Context, MiddlewareHandler } from "hono";
import { clientAddress } from "./client-address.ts";
import { apiError } from "./validate.ts";

export type RateLimitOptions = {
  /** Requests allowed per key within one window. */
  limit: number;
  windowMs: number;
  /** Who is counted: by default the client's address. */
  keyOf?: (c: Context) => string;
  now?: () => number;
};

/** One request more from a key: let through, or refused until its window ends. */
export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * A fixed-window count per key kept in this process's memory: enough to stop one client from
 * flooding a form or the page renderer. Several server processes each count on their own
 * (docs/decisions/006-rate-limits.md).
 */
export function rateCounter({
  limit,
  windowMs,
  now = Date.now,
}: Omit<RateLimitOptions, "keyOf">): (key: string) => RateVerdict {
  const windows = new Map<string, { start: number; count: number }>();
  return (key) => {
    const time = now();
    let window = windows.get(key);
    if (!window || time - window.start >= windowMs) {
      window = { start: time, count: 0 };
      windows.set(key, window);
      if (windows.size > 10_000) forgetExpired(windows, time, windowMs);
    }
    window.count++;
    if (window.count <= limit) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.ceil((window.start + windowMs - time) / 1000) };
  };
}

/** The count above as middleware, answering 429 with the API's JSON error and Retry-After. */
export function rateLimit({ keyOf = clientAddress, ...options }: RateLimitOptions): MiddlewareHandler {
  const count = rateCounter(options);
  return async (c, next) => {
    const verdict = count(keyOf(c));
    if (!verdict.allowed) {
      c.header("retry-after", String(verdict.retryAfterSeconds));
      return c.json(apiError("too-many-requests", "Too many requests, try again later"), 429);
    }
    await next();
  };
}

function forgetExpired(windows: Map<string, { start: number }>, time: number, windowMs: number): void {
  for (const [key, window] of windows) if (time - window.start >= windowMs) windows.delete(key);
}
