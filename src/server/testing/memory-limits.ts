import type { LimitRule, RequestLimits } from "../http/rate-limit.ts";

/**
 * The request limits' rule (a fixed window per limit and client) counted in memory, for unit tests
 * of what a limit guards, without a database; the shop counts in the database (decision 050).
 */
export function memoryLimits(now: () => number = Date.now): RequestLimits {
  const windows = new Map<string, { resetsAt: number; count: number }>();
  return {
    async take(name: string, key: string, { limit, windowMs }: LimitRule) {
      const time = now();
      const id = `${name}|${key}`;
      let window = windows.get(id);
      if (!window || window.resetsAt <= time) {
        window = { resetsAt: time + windowMs, count: 0 };
        windows.set(id, window);
      }
      window.count++;
      if (window.count <= limit) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.resetsAt - time) / 1000)) };
    },
    async sweep() {
      const ended = [...windows].filter(([, window]) => window.resetsAt <= now());
      for (const [id] of ended) windows.delete(id);
      return ended.length;
    },
  };
}
