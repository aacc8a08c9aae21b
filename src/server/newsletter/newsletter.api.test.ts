import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscriptions } from "../db/schema.ts";
import { createTestApi, type TestApi } from "../testing/test-app.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

function subscribe(body: unknown) {
  return api.request("/api/newsletter", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

describe("newsletter API", () => {
  it("stores a subscription with its consent time, once per address", async () => {
    const first = await subscribe({ email: "  Ana@Example.com ", consent: true, locale: "es" });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ status: "subscribed" });

    const again = await subscribe({ email: "ana@example.com", consent: true, locale: "pt" });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: "already-subscribed" });

    const rows = await api.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, "ana@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.consentedAt).toBeInstanceOf(Date);
    expect(rows[0]?.locale).toBe("es");
  });

  it.each([
    [{ email: "", consent: true }, "email"],
    [{ email: "no-at-sign.example.com", consent: true }, "email"],
    [{ email: "a b@example.com", consent: true }, "email"],
    [{ email: "ana@example", consent: true }, "email"],
    [{ email: "ana@example.com", consent: false }, "consent"],
    [{ email: "ana@example.com" }, "consent"],
  ])("rejects %j with a 400 naming %s", async (body, field) => {
    const response = await subscribe(body);
    expect(response.status).toBe(400);
    const json = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(json.error.code).toBe("invalid-request");
    expect(Object.keys(json.error.fields)).toContain(field);
  });

  it("limits how often one client may subscribe", async () => {
    const limited = await createTestApi({ newsletterLimit: 2 });
    try {
      const send = (n: number) =>
        limited.request("/api/newsletter", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: `flood${n}@example.com`, consent: true }),
        });
      expect((await send(1)).status).toBe(201);
      expect((await send(2)).status).toBe(201);
      const third = await send(3);
      expect(third.status).toBe(429);
      expect(((await third.json()) as { error: { code: string } }).error.code).toBe("too-many-requests");
    } finally {
      await limited.close();
    }
  });

  it("answers malformed JSON with a JSON 400 and stores nothing", async () => {
    const before = await api.database.db.select({ n: count() }).from(newsletterSubscriptions);
    const response = await subscribe("{not json");
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("invalid-request");
    const after = await api.database.db.select({ n: count() }).from(newsletterSubscriptions);
    expect(after[0]?.n).toBe(before[0]?.n);
  });
});
