import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { rateLimit } from "./rate-limit.ts";

function appWithLimit(clock: { time: number }) {
  return new Hono().post(
    "/",
    rateLimit({
      limit: 2,
      windowMs: 1000,
      keyOf: (c) => c.req.header("x-client") ?? "",
      now: () => clock.time,
    }),
    (c) => c.json({ ok: true }),
  );
}

describe("rateLimit", () => {
  it("answers 429 with a JSON error past the limit, per client, until the window ends", async () => {
    const clock = { time: 0 };
    const app = appWithLimit(clock);
    const send = (client: string) => app.request("/", { method: "POST", headers: { "x-client": client } });
    expect((await send("a")).status).toBe(200);
    expect((await send("a")).status).toBe(200);
    const limited = await send("a");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("1");
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe("too-many-requests");
    expect((await send("b")).status).toBe(200);
    clock.time = 1000;
    expect((await send("a")).status).toBe(200);
  });
});
