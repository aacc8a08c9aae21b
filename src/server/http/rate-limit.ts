import type { Context, MiddlewareHandler } from "hono";
import { socketAddress } from "./socket-address.ts";
import { apiError } from "./validate.ts";

export type RateLimitOptions = {
  /** Requests allowed per key within one window. */
  limit: number;
  windowMs: number;
  /** Who is counted: by default the client's address. */
  keyOf?: (c: Context) => string;
  now?: () => number;
};

/**
 * A fixed-window limit kept in this process's memory: enough to stop one client from flooding a
 * form. Several server processes each count on their own (docs/decisions/006-rate-limits.md).
 */
export function rateLimit({
  limit,
  windowMs,
  keyOf = clientAddress,
  now = Date.now,
}: RateLimitOptions): MiddlewareHandler {
  const windows = new Map<string, { start: number; count: number }>();
  return async (c, next) => {
    const time = now();
    const key = keyOf(c);
    let window = windows.get(key);
    if (!window || time - window.start >= windowMs) {
      window = { start: time, count: 0 };
      windows.set(key, window);
      if (windows.size > 10_000) forgetExpired(windows, time, windowMs);
    }
    window.count++;
    if (window.count > limit) {
      c.header("retry-after", String(Math.ceil((window.start + windowMs - time) / 1000)));
      return c.json(apiError("too-many-requests", "Too many requests, try again later"), 429);
    }
    await next();
  };
}

function forgetExpired(windows: Map<string, { start: number }>, time: number, windowMs: number): void {
  for (const [key, window] of windows) if (time - window.start >= windowMs) windows.delete(key);
}

function clientAddress(c: Context): string {
  return socketAddress(c) ?? "unknown";
}
