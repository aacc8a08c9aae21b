import { describe, expect, it } from "vitest";
import { startShop } from "./support/start-shop.ts";

describe("the server process", () => {
  it("reports its database and stops cleanly on SIGTERM", async () => {
    const shop = await startShop(process.cwd());
    const health = (await (await fetch(`${shop.baseUrl}/api/health`)).json()) as {
      status: string;
      database: { kind: string; status: string };
    };
    expect(health).toMatchObject({ status: "ok", database: { kind: "pglite", status: "up" } });
    expect(await shop.stop()).toEqual({ code: 0, signal: null });
  });

  it("answers unknown API routes and bad bodies with JSON errors", async () => {
    const shop = await startShop(process.cwd());
    try {
      const missing = await fetch(`${shop.baseUrl}/api/nope`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ error: { code: "not-found" } });
      const tooBig = await fetch(`${shop.baseUrl}/api/newsletter`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "x".repeat(100_000) }),
      });
      expect(tooBig.status).toBe(413);
      expect(await tooBig.json()).toMatchObject({ error: { code: "body-too-large" } });
    } finally {
      await shop.stop();
    }
  });
});
