import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestLimit } from "../db/schema.ts";
import { openTestDatabase, type TestDatabase } from "../testing/test-database.ts";
import { databaseLimits, rateLimit } from "./rate-limit.ts";

const RULE = { limit: 2, windowMs: 1000 };

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

function appWithLimit(clock: { time: number }) {
  const limits = databaseLimits(database.db, () => new Date(clock.time));
  return new Hono().post(
    "/",
    rateLimit(limits, "form", { ...RULE, keyOf: (c) => c.req.header("x-client") ?? "" }),
    (c) => c.json({ ok: true }),
  );
}

describe("request limits in the database (decision 050)", () => {
  it("answer 429 with a JSON error past the limit, per client, until the window ends", async () => {
    const clock = { time: Date.parse("2026-11-27T10:00:00Z") };
    const app = appWithLimit(clock);
    const send = (client: string) => app.request("/", { method: "POST", headers: { "x-client": client } });
    expect((await send("a")).status).toBe(200);
    clock.time += 400;
    expect((await send("a")).status).toBe(200);
    const limited = await send("a");
    expect(limited.status).toBe(429);
    // The window began at the first request: 600 ms of it are left.
    expect(limited.headers.get("retry-after")).toBe("1");
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe("too-many-requests");
    expect((await send("b")).status).toBe(200);
    clock.time += 600;
    expect((await send("a")).status).toBe(200);
  });

  it("count each limit apart for the same client", async () => {
    const limits = databaseLimits(database.db);
    const rule = { limit: 1, windowMs: 60_000 };
    expect(await limits.take("one", "client", rule)).toEqual({ allowed: true });
    expect(await limits.take("other", "client", rule)).toEqual({ allowed: true });
    expect(await limits.take("one", "client", rule)).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it("let exactly the limit through when the requests come at once", async () => {
    const limits = databaseLimits(database.db);
    const rule = { limit: 10, windowMs: 60_000 };
    const verdicts = await Promise.all(
      Array.from({ length: 40 }, () => limits.take("burst", "client", rule)),
    );
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(10);
  });

  it("forget the windows that have ended, and only those", async () => {
    const clock = { time: Date.parse("2026-11-27T12:00:00Z") };
    const limits = databaseLimits(database.db, () => new Date(clock.time));
    await limits.take("sweep", "short", { limit: 5, windowMs: 1000 });
    await limits.take("sweep", "long", { limit: 5, windowMs: 60_000 });
    clock.time += 2000;
    expect(await limits.sweep()).toBeGreaterThanOrEqual(1);
    const keys = (await database.db.select({ key: requestLimit.key }).from(requestLimit)).map(
      ({ key }) => key,
    );
    expect(keys).toContain("sweep|long");
    expect(keys).not.toContain("sweep|short");
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("request limits across processes (issue 31)", () => {
  it("give two servers on one database the same count, not one each", async () => {
    // A second pool of its own, as a second process or machine has.
    const other = await database.openAnother?.();
    if (!other) throw new Error("PostgreSQL opens another handle");
    try {
      const rule = { limit: 10, windowMs: 60_000 };
      const servers = [databaseLimits(database.db), databaseLimits(other.db)];
      const verdicts = await Promise.all(
        Array.from({ length: 30 }, (_, n) => servers[n % 2]?.take("shared", "203.0.113.7", rule)),
      );
      expect(verdicts.filter((verdict) => verdict?.allowed)).toHaveLength(10);
    } finally {
      await other.close();
    }
  });
});
