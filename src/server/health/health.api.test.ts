import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { healthRoutes } from "./health.routes.ts";
import { createReadiness } from "./readiness.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("health (issue 31)", () => {
  it("is alive and ready with its database, and not ready, still alive, once it drains", async () => {
    const readiness = createReadiness();
    const app = new Hono().route("/api/health", healthRoutes(database, readiness));
    const live = await app.request("/api/health/live");
    expect(live.status).toBe(200);
    expect(live.headers.get("cache-control")).toBe("no-store");
    const ready = await app.request("/api/health/ready");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready", database: { status: "up" } });

    readiness.drain();
    const draining = await app.request("/api/health/ready");
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: "draining" });
    expect((await app.request("/api/health/live")).status).toBe(200);
  });

  it("is not ready when its database does not answer", async () => {
    const down: DatabaseHandle = {
      ...database,
      ping: async () => {
        throw new Error("connection refused");
      },
    };
    const app = new Hono().route("/api/health", healthRoutes(down));
    const ready = await app.request("/api/health/ready");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: "not-ready", database: { status: "down" } });
    expect((await app.request("/api/health")).status).toBe(503);
    expect((await app.request("/api/health/live")).status).toBe(200);
  });
});
