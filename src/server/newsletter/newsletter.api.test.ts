import { count, eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscriptions } from "../db/schema.ts";
import { createTestApi, TEST_OPERATOR_TOKEN, type TestApi } from "../testing/test-app.ts";
import { newsletterPages } from "./newsletter.routes.ts";

let api: TestApi;
let pages: Hono;
beforeAll(async () => {
  api = await createTestApi();
  // Mounted where the server mounts them.
  pages = new Hono().route("/newsletter", newsletterPages({ db: api.database.db, now: () => new Date() }));
});

const rowsOf = (email: string) =>
  api.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

const asOperator = (path: string, body: unknown) =>
  api.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
    body: JSON.stringify(body),
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
  it("answers the same for a new, a pending and a confirmed address, and mails the link once an hour", async () => {
    const first = await subscribe({ email: "  Ana@Example.com ", consent: true, locale: "es" });
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({ status: "confirmation-sent" });
    const again = await subscribe({ email: "ana@example.com", consent: true, locale: "pt" });
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual({ status: "confirmation-sent" });

    const rows = await rowsOf("ana@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ locale: "es", confirmedAt: null });
    expect(rows[0]?.consentedAt).toBeInstanceOf(Date);
    await api.deliverMail();
    const mails = api.mails.filter((mail) => mail.to === "ana@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/Confirma tu suscripción/);
    expect(mails[0]?.text).toContain(`/newsletter/confirmar?token=${rows[0]?.token}`);

    await pages.request(`/newsletter/confirmar?token=${rows[0]?.token}`, {
      method: "POST",
      body: form({ token: rows[0]?.token ?? "" }),
    });
    const confirmed = await subscribe({ email: "ana@example.com", consent: true, locale: "es" });
    expect(confirmed.status).toBe(202);
    expect(await confirmed.json()).toEqual({ status: "confirmation-sent" });
    await api.deliverMail();
    expect(api.mails.filter((mail) => mail.to === "ana@example.com")).toHaveLength(1);
  });

  it("confirms only when the page's button is pressed, not when the link is opened", async () => {
    await subscribe({ email: "bea@example.com", consent: true, locale: "pt" });
    const [row] = await rowsOf("bea@example.com");
    const token = row?.token ?? "";
    const opened = await pages.request(`/newsletter/confirmar?token=${token}`);
    expect(opened.status).toBe(200);
    const page = await opened.text();
    expect(page).toContain('<html lang="pt">');
    expect(page).toContain("Confirmar subscrição");
    expect((await rowsOf("bea@example.com"))[0]?.confirmedAt).toBeNull();

    const pressed = await pages.request(`/newsletter/confirmar?token=${token}`, {
      method: "POST",
      body: form({ token }),
    });
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toContain("Subscrição confirmada!");
    expect((await rowsOf("bea@example.com"))[0]?.confirmedAt).toBeInstanceOf(Date);

    for (const bad of ["", "not-a-token", "00000000-0000-4000-8000-000000000000", "../../etc/passwd"]) {
      const answer = await pages.request(`/newsletter/confirmar?token=${encodeURIComponent(bad)}`, {
        method: "POST",
      });
      expect(answer.status).toBe(404);
      expect(await answer.text()).toContain("Enlace no válido");
    }
  });

  it("sends an issue to confirmed subscribers only, each with a one-click unsubscribe", async () => {
    await subscribe({ email: "carla@example.com", consent: true, locale: "es" });
    await subscribe({ email: "dani@example.com", consent: true, locale: "es" });
    const [carla] = await rowsOf("carla@example.com");
    await pages.request("/newsletter/confirmar", {
      method: "POST",
      body: form({ token: carla?.token ?? "" }),
    });

    const issue = { subject: "Novedades", text: "Llega la nueva temporada.\n\nCon mochilas nuevas." };
    const refused = await api.request("/api/operator/newsletter", {
      method: "POST",
      body: JSON.stringify(issue),
    });
    expect(refused.status).toBe(401);
    const sent = await asOperator("/api/operator/newsletter", issue);
    expect(sent.status).toBe(202);
    await api.deliverMail();
    const received = api.mails.filter((mail) => mail.subject === "Novedades");
    expect(received.map((mail) => mail.to)).toContain("carla@example.com");
    expect(received.map((mail) => mail.to)).not.toContain("dani@example.com");
    const mail = received.find((m) => m.to === "carla@example.com");
    const link = `http://localhost:3000/newsletter/baja?token=${carla?.token}`;
    expect(mail?.headers).toEqual({
      "List-Unsubscribe": `<${link}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(mail?.text).toContain(link);

    // RFC 8058: the mail program posts to the address of the header, with no cookie and no page.
    const oneClick = await pages.request(`/newsletter/baja?token=${carla?.token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(await rowsOf("carla@example.com")).toEqual([]);
    expect((await pages.request(`/newsletter/baja?token=${carla?.token}`)).status).toBe(404);
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
      expect((await send(1)).status).toBe(202);
      expect((await send(2)).status).toBe(202);
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
