import { count, eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  type IssueDraftInput,
  issueAnswerSchema,
  issueListSchema,
  issuePreviewSchema,
  newsletterApi,
  SUBSCRIBERS_PAGE_SIZE,
  subscriberListSchema,
} from "#shared/api/back-office-newsletter-contract.ts";
import { auditOf } from "../audit/staff-audit.ts";
import { mailOutbox, newsletterIssues, newsletterSubscriptions, staffAudit } from "../db/schema.ts";
import { newsletterPages } from "../newsletter/newsletter.routes.ts";
import type { StaffBrowser } from "../staff/staff-testing.ts";
import { signedInStaff } from "../testing/back-office-staff.ts";
import { createTestApi, TEST_OPERATOR_TOKEN, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";

/**
 * The back office's newsletter (issue 32, decision 054): subscribers listed and exported, issues
 * previewed and sent by the owner to the confirmed subscribers only, each mail in its language
 * with its own unsubscribe link, once.
 */

let api: TestApi;
let owner: StaffBrowser;
let staff: StaffBrowser;
let pages: Hono;

beforeAll(async () => {
  api = await createTestApi();
  owner = await signedInStaff(api, "duena.boletin@example.com", "owner");
  staff = await signedInStaff(api, "bea.boletin@example.com", "staff");
  // The subscription's own pages, mounted where the server mounts them.
  pages = new Hono().route("/newsletter", newsletterPages({ db: api.database.db, now: () => new Date() }));
});
afterAll(() => api.close());

const errorBody = z.object({
  error: z.object({ code: z.string(), fields: z.record(z.string(), z.string()).optional() }),
  issue: z.object({ id: z.string() }).optional(),
});

async function json(response: Response, status: number): Promise<unknown> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text);
}
const refused = async (response: Response, status: number) => errorBody.parse(await json(response, status));

/** Subscribes through the shop's form, and confirms through the mailed link's page when asked. */
async function subscriber(email: string, locale: "es" | "pt", confirmed: boolean) {
  const answer = await api.request("/api/newsletter", {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_ORIGIN },
    body: JSON.stringify({ email, consent: true, locale }),
  });
  expect(answer.status).toBe(202);
  const [row] = await rowsOf(email);
  const token = row?.token ?? "";
  if (confirmed) {
    const pressed = await pages.request("/newsletter/confirmar", {
      method: "POST",
      body: new URLSearchParams({ token }),
    });
    expect(pressed.status).toBe(200);
  }
  return token;
}

const rowsOf = (email: string) =>
  api.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));

const draft = (tag: string): IssueDraftInput => ({
  es: { subject: `Novedades ${tag}`, body: `Llega la temporada ${tag}.\n\nCon mochilas nuevas.` },
  pt: { subject: `Novidades ${tag}`, body: `Chega a temporada ${tag}.\n\nCom mochilas novas.` },
});

async function preview(who: StaffBrowser, issue: IssueDraftInput) {
  return issuePreviewSchema.parse(await json(await who.post(newsletterApi.preview, issue), 200));
}

async function send(issue: IssueDraftInput) {
  const { id } = await preview(owner, issue);
  return issueAnswerSchema.parse(await json(await owner.post(newsletterApi.issues, { ...issue, id }), 201))
    .issue;
}

const tableSize = async (table: typeof newsletterIssues | typeof mailOutbox | typeof staffAudit) =>
  (await api.database.db.select({ n: count() }).from(table))[0]?.n ?? 0;

describe("sending an issue", () => {
  it("is refused while no subscriber has confirmed, and nothing is kept", async () => {
    await subscriber("solo.pendiente@example.com", "es", false);
    const { id, recipients } = await preview(owner, draft("vacía"));
    expect(recipients).toEqual({ es: 0, pt: 0 });
    const answer = await refused(await owner.post(newsletterApi.issues, { ...draft("vacía"), id }), 409);
    expect(answer.error.code).toBe("no-recipients");
    expect(await tableSize(newsletterIssues)).toBe(0);
  });

  it("mails the confirmed subscribers only, each in their language with their own unsubscribe link", async () => {
    const ana = await subscriber("ana.boletin@example.com", "es", true);
    const joao = await subscriber("joao.boletin@example.com", "pt", true);
    await subscriber("pendiente.boletin@example.com", "es", false);
    const before = await tableSize(mailOutbox);

    const issue = draft("de invierno");
    const shown = await preview(owner, issue);
    expect(shown.recipients).toEqual({ es: 1, pt: 1 });
    expect(shown.mails.es.subject).toBe("Novedades de invierno");
    expect(shown.mails.es.text).toContain("Llega la temporada de invierno.\n\nCon mochilas nuevas.");
    expect(shown.mails.pt.text).toContain("Cancele a subscrição com um clique");
    // A preview sends nothing and keeps nothing.
    expect(await tableSize(mailOutbox)).toBe(before);
    expect(await tableSize(newsletterIssues)).toBe(0);

    const sent = issueAnswerSchema.parse(
      await json(await owner.post(newsletterApi.issues, { ...issue, id: shown.id }), 201),
    ).issue;
    expect(sent).toMatchObject({
      id: shown.id,
      subject: "Novedades de invierno",
      sentBy: "duena.boletin@example.com",
      recipients: 2,
      pt: { subject: "Novidades de invierno", body: "Chega a temporada de invierno.\n\nCom mochilas novas." },
    });

    await api.deliverMail();
    const received = api.mails.filter((mail) =>
      ["Novedades de invierno", "Novidades de invierno"].includes(mail.subject),
    );
    expect(received.map((mail) => [mail.to, mail.subject]).sort()).toEqual([
      ["ana.boletin@example.com", "Novedades de invierno"],
      ["joao.boletin@example.com", "Novidades de invierno"],
    ]);
    for (const [mail, token] of [
      [received.find((m) => m.to === "ana.boletin@example.com"), ana],
      [received.find((m) => m.to === "joao.boletin@example.com"), joao],
    ] as const) {
      const link = `${TEST_ORIGIN}/newsletter/baja?token=${token}`;
      expect(mail?.text).toContain(link);
      expect(mail?.html).toContain(link);
      expect(mail?.headers).toEqual({
        "List-Unsubscribe": `<${link}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
    }

    // João follows his link and presses the button: he is off the list, and the next issue skips him.
    const link = new URL(`${TEST_ORIGIN}/newsletter/baja?token=${joao}`);
    const page = await pages.request(`${link.pathname}${link.search}`);
    expect(await page.text()).toContain("Cancelar a subscrição");
    const left = await pages.request("/newsletter/baja", {
      method: "POST",
      body: new URLSearchParams({ token: joao }),
    });
    expect(left.status).toBe(200);
    expect(await rowsOf("joao.boletin@example.com")).toEqual([]);
    const next = await send(draft("de primavera"));
    expect(next.recipients).toBe(1);
    await api.deliverMail();
    expect(api.mails.filter((mail) => mail.subject === "Novidades de primavera")).toEqual([]);
  });

  it("is done once: the same send again, the same words again, or two sends at once", async () => {
    const issue = draft("única");
    const { id } = await preview(owner, issue);
    const outbox = await tableSize(mailOutbox);
    // A double click: two sends of one preview at once.
    const [first, second] = await Promise.all([
      owner.post(newsletterApi.issues, { ...issue, id }),
      owner.post(newsletterApi.issues, { ...issue, id }),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    const late = first.status === 409 ? first : second;
    expect(await refused(late, 409)).toMatchObject({ error: { code: "issue-already-sent" }, issue: { id } });
    const queued = (await tableSize(mailOutbox)) - outbox;
    const recipients = issueAnswerSchema.parse(await json(await owner.get(newsletterApi.issue(id)), 200))
      .issue.recipients;
    expect(queued).toBe(recipients);

    // Another tab: the same words previewed again, so another id.
    const again = await preview(owner, issue);
    const twin = await refused(await owner.post(newsletterApi.issues, { ...issue, id: again.id }), 409);
    expect(twin).toMatchObject({ error: { code: "issue-already-sent" }, issue: { id } });
    // The operator's token sends through the same code.
    const operator = await api.request("/api/operator/newsletter", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
      body: JSON.stringify({ subject: "Novedades de invierno", text: "Otro texto." }),
    });
    expect(operator.status).toBe(202);
    const repeated = await api.request("/api/operator/newsletter", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
      body: JSON.stringify({ subject: "Novedades de invierno", text: "Otro texto." }),
    });
    expect((await refused(repeated, 409)).error.code).toBe("issue-already-sent");
    expect((await tableSize(mailOutbox)) - outbox).toBe(2 * recipients);
  });

  it("is the owner's alone; staff see the issues sent", async () => {
    const issue = draft("del personal");
    expect((await refused(await staff.post(newsletterApi.preview, issue), 403)).error.code).toBe("forbidden");
    const { id } = await preview(owner, issue);
    expect((await refused(await staff.post(newsletterApi.issues, { ...issue, id }), 403)).error.code).toBe(
      "forbidden",
    );
    const list = issueListSchema.parse(await json(await staff.get(newsletterApi.issues), 200));
    expect(list.items.map((row) => row.subject)).not.toContain("Novedades del personal");
    expect(list.items[0]).toMatchObject({ subject: "Novedades de invierno", sentBy: "operator-token" });
    expect(list.total).toBe(await tableSize(newsletterIssues));
    const shown = list.items.find((row) => row.subject === "Novedades única");
    const one = issueAnswerSchema.parse(
      await json(await staff.get(newsletterApi.issue(shown?.id ?? "")), 200),
    );
    expect(one.issue.es.body).toBe("Llega la temporada única.\n\nCon mochilas nuevas.");
  });

  it("is audited: who sent which issue to how many, in each language", async () => {
    const sent = await send(draft("auditada"));
    const audit = await auditOf(api.database.db, "newsletter", sent.id);
    expect(audit).toMatchObject([
      {
        actor: "duena.boletin@example.com",
        action: "newsletter.send",
        after: { recipients: sent.recipients, subject: "Novedades auditada" },
      },
    ]);
    const { es, pt } = z.object({ es: z.number(), pt: z.number() }).parse(audit[0]?.after);
    expect(es + pt).toBe(sent.recipients);
    const operatorSends = await api.database.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.actor, "operator-token"));
    expect(operatorSends.map((row) => row.action)).toEqual(["newsletter.send"]);
  });

  it("answers bad input with a 4xx JSON error naming the field, and keeps nothing", async () => {
    const issues = await tableSize(newsletterIssues);
    const audits = await tableSize(staffAudit);
    const good = draft("mal escrita");
    const { id } = await preview(owner, good);
    const cases: [unknown, string][] = [
      [{ es: good.es }, "pt"],
      [{ ...good, pt: { subject: "", body: "Olá" } }, "pt.subject"],
      [{ ...good, es: { subject: "a".repeat(201), body: "Hola" } }, "es.subject"],
      [{ ...good, es: { subject: "Hola\u0000", body: "Hola" } }, "es.subject"],
      [{ ...good, es: { subject: "Hola", body: "Hola\u0000mundo" } }, "es.body"],
      [{ ...good, es: { subject: "Hola", body: " \n\n " } }, "es.body"],
      [{ ...good, es: { subject: "Hola", body: "a".repeat(50_001) } }, "es.body"],
      [{ ...good, extra: true }, "invalid-request"],
    ];
    for (const [body, field] of cases) {
      for (const sent of [
        owner.post(newsletterApi.preview, body),
        owner.post(newsletterApi.issues, { ...(body as object), id }),
      ]) {
        const answer = await refused(await sent, 400);
        expect(answer.error.code, JSON.stringify(body).slice(0, 80)).toBe("invalid-request");
        if (field !== "invalid-request") expect(Object.keys(answer.error.fields ?? {})).toContain(field);
      }
    }
    const badId = await refused(await owner.post(newsletterApi.issues, { ...good, id: "not-a-uuid" }), 400);
    expect(badId.error.fields).toEqual({ id: "id-invalid" });
    const malformed = await api.request(newsletterApi.issues, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN, cookie: owner.cookie() },
      body: "{not json",
    });
    expect((await refused(malformed, 400)).error.code).toBe("invalid-request");
    expect((await refused(await owner.get(newsletterApi.issue("nope")), 400)).error.code).toBe(
      "invalid-request",
    );
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await refused(await owner.get(newsletterApi.issue(unknown)), 404)).error.code).toBe(
      "issue-not-found",
    );
    expect(await tableSize(newsletterIssues)).toBe(issues);
    expect(await tableSize(staffAudit)).toBe(audits);
  });
});

describe("the subscribers", () => {
  const base = Date.parse("2026-03-01T10:00:00Z");
  beforeAll(async () => {
    // 60 more, one a minute: every third Portuguese, every other one confirmed an hour later.
    await api.database.db.insert(newsletterSubscriptions).values(
      Array.from({ length: 60 }, (_, n) => ({
        email: `lista${String(n).padStart(2, "0")}@${n % 2 === 0 ? "gatos" : "robots"}.example.com`,
        locale: n % 3 === 0 ? "pt" : "es",
        consentedAt: new Date(base + n * 60_000),
        createdAt: new Date(base + n * 60_000),
        confirmedAt: n % 2 === 0 ? new Date(base + n * 60_000 + 3_600_000) : null,
      })),
    );
  });

  const list = async (who: StaffBrowser, query = "") =>
    subscriberListSchema.parse(await json(await who.get(`${newsletterApi.subscribers}${query}`), 200));

  it("lists them newest first with their language, consent and confirmation, paged, to every staff member", async () => {
    const everyone = await api.database.db.select({ n: count() }).from(newsletterSubscriptions);
    const first = await list(staff);
    expect(first.total).toBe(everyone[0]?.n);
    expect(first.items).toHaveLength(SUBSCRIBERS_PAGE_SIZE);
    expect(first.counts.confirmed + first.counts.pending).toBe(first.total);

    const found = await list(staff, "?q=LISTA5");
    expect(found.items.map((row) => row.email)).toEqual(
      [9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map((n) => `lista5${n}@${n % 2 === 0 ? "gatos" : "robots"}.example.com`),
    );
    expect(found.items.at(-1)).toEqual({
      email: "lista50@gatos.example.com",
      locale: "es",
      state: "confirmed",
      consentedAt: "2026-03-01T10:50:00.000Z",
      confirmedAt: "2026-03-01T11:50:00.000Z",
    });
    expect(found.items[0]).toMatchObject({ locale: "es", state: "pending", confirmedAt: null });
    expect(found.items.find((row) => row.email.startsWith("lista51@"))?.locale).toBe("pt");

    // Any part of the address, case aside; a % or _ typed is itself, not a wildcard.
    expect((await list(owner, "?q=ROBOTS.example")).total).toBe(30);
    expect((await list(owner, "?q=%25")).total).toBe(0);
    expect((await list(owner, "?q=lista_")).total).toBe(0);

    const pending = await list(owner, "?q=lista&state=pending&page=2");
    expect(pending).toMatchObject({ total: 30, page: 2 });
    expect(pending.items).toEqual([]);
    const confirmed = await list(owner, "?q=gatos&state=confirmed&page=1");
    expect(confirmed.total).toBe(30);
    expect(confirmed.items.every((row) => row.state === "confirmed" && row.confirmedAt !== null)).toBe(true);
    // A GET form's empty fields are fields not given.
    expect((await list(owner, "?q=&state=&page=")).total).toBe(first.total);
  });

  it("refuses a query it cannot read with a JSON 400", async () => {
    for (const query of ["?state=confirmado", "?page=0", "?page=x", "?q=a%00b", `?q=${"a".repeat(101)}`]) {
      for (const path of [newsletterApi.subscribers, newsletterApi.export]) {
        expect((await refused(await staff.get(`${path}${query}`), 400)).error.code, query).toBe(
          "invalid-request",
        );
      }
    }
  });

  it("exports every match as CSV to any staff member, audited without the search typed", async () => {
    const answer = await staff.get(`${newsletterApi.export}?q=gatos&state=confirmed&page=2`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toMatch(
      /^attachment; filename="boletin-suscriptores-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    // A byte-order mark first, so a spreadsheet reads UTF-8 (a decoder's text() drops it).
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split("\r\n");
    expect(lines[0]).toBe("correo,idioma,estado,consentimiento,confirmacion");
    // Not a page: all 30, and the final line break.
    expect(lines).toHaveLength(1 + 30 + 1);
    expect(lines.at(-1)).toBe("");
    expect(lines).toContain(
      "lista00@gatos.example.com,pt,confirmado,2026-03-01T10:00:00.000Z,2026-03-01T11:00:00.000Z",
    );

    const whole = await (await owner.get(newsletterApi.export)).text();
    expect(whole).toContain("pendiente.boletin@example.com,es,pendiente,");
    expect(whole).toMatch(/\r\npendiente\.boletin@example\.com,es,pendiente,[^,]+,\r\n/);

    const exports = (await auditOf(api.database.db, "newsletter", "subscribers")).map(
      ({ actor, action, after }) => ({ actor, action, after }),
    );
    expect(exports).toEqual([
      {
        actor: "bea.boletin@example.com",
        action: "newsletter.export",
        after: { format: "csv", rows: 30, state: "confirmed", searched: true },
      },
      {
        actor: "duena.boletin@example.com",
        action: "newsletter.export",
        after: { format: "csv", rows: whole.split("\r\n").length - 2, state: "all", searched: false },
      },
    ]);
    expect(JSON.stringify(exports)).not.toContain("gatos");
  });

  it("keeps an address a spreadsheet would run as a formula inert in the CSV", async () => {
    await subscriber("=1+2@formula.example.com", "es", false);
    const csv = await (await owner.get(`${newsletterApi.export}?q=formula`)).text();
    expect(csv.split("\r\n")[1]).toMatch(/^'=1\+2@formula\.example\.com,es,pendiente,/);
  });

  it("is nobody's without a staff session", async () => {
    for (const path of [newsletterApi.subscribers, newsletterApi.export, newsletterApi.issues]) {
      expect(
        (await refused(await api.request(path, { headers: { origin: TEST_ORIGIN } }), 401)).error.code,
      ).toBe("unauthorized");
    }
  });
});
