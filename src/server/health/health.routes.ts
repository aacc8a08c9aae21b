import { type Context, Hono } from "hono";
import type { DatabaseHandle } from "../db/client.ts";
import { createReadiness, type Readiness } from "./readiness.ts";

/**
 * How the process is (issue 31): `/live`, it answers (a supervisor restarts it when not);
 * `/ready`, it wants requests (a load balancer sends none when not: its database is down, or it
 * is draining before it stops); `/` as before, the database's state and latency.
 */
export function healthRoutes(database: DatabaseHandle, readiness: Readiness = createReadiness()) {
  const databaseState = async () => {
    const started = performance.now();
    try {
      await database.ping();
      const latencyMs = Math.round((performance.now() - started) * 10) / 10;
      return { kind: database.kind, status: "up" as const, latencyMs };
    } catch {
      return { kind: database.kind, status: "down" as const };
    }
  };
  const fresh = (c: Context) => c.header("cache-control", "no-store");
  return new Hono()
    .get("/", async (c) => {
      fresh(c);
      const state = await databaseState();
      return state.status === "up"
        ? c.json({ status: "ok", database: state })
        : c.json({ status: "degraded", database: state }, 503);
    })
    .get("/live", (c) => {
      fresh(c);
      return c.json({ status: "alive" });
    })
    .get("/ready", async (c) => {
      fresh(c);
      if (readiness.draining) return c.json({ status: "draining" }, 503);
      const state = await databaseState();
      return state.status === "up"
        ? c.json({ status: "ready", database: state })
        : c.json({ status: "not-ready", database: state }, 503);
    });
}
