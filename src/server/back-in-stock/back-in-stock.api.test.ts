import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stockApi } from "#shared/api/back-office-stock-contract.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { backInStockRequests, productStock } from "../db/schema.ts";
import { createOriginPolicy } from "../http/origin-policy.ts";
import { createLogger } from "../logger.ts";
import { createMailOutbox, type MailOutbox } from "../mail/mail-outbox.ts";
import type { MailMessage } from "../mail/mailer.ts";
import type { StaffBrowser } from "../staff/staff-testing.ts";
import { signedInStaff } from "../testing/back-office-staff.ts";
import { memoryLimits } from "../testing/memory-limits.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { backInStockPages } from "./back-in-stock.routes.ts";
import { queueBackInStockMails } from "./back-in-stock-mails.ts";

let api: TestApi;
let staff: StaffBrowser;
let pages: Hono;
/** A second process on the same database (PostgreSQL), or the same handle on PGlite. */
let other: DatabaseHandle;
/** The outbox of this test's mails, and what it sent. */
let mail: MailOutbox;
const sent: MailMessage[] = [];

beforeAll(async () => {
  api = await createTestApi();
  staff = await signedInStaff(api, "almacen.avisos@example.com");
  const origins = createOriginPolicy({ publicUrl: TEST_ORIGIN, port: 3000 });
  const logger = createLogger({ LOG_LEVEL: "silent" });
  pages = new Hono().route(
    "/avisame",
    backInStockPages({ db: api.database.db, origins, logger, limits: memoryLimits() }),
  );
  other = (await api.database.openAnother?.()) ?? api.database;
  const transport = { send: async (message: MailMessage) => void sent.push(message) };
  mail = createMailOutbox({ db: api.database.db, transport, logger });
});
afterAll(async () => {
  if (other !== api.database) await other.close();
  await api.close();
});

const subscribe = (body: unknown) =>
  api.request("/api/back-in-stock", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const ask = (email: string, productId: number, locale: "es" | "pt" = "es") =>
  subscribe({ email, productId, consent: true, locale });

const adjust = async (productId: number, reason: "restock" | "count", quantity: number) => {
  const response = await staff.post(stockApi.adjust(productId), { reason, quantity });
  expect(response.status).toBe(201);
};
const queue = (db = api.database.db) =>
  queueBackInStockMails({ db, mail, origin: TEST_ORIGIN, now: () => new Date() });
const mailsTo = (email: string) => sent.filter((mail) => mail.to === email);
const rowsOf = (email: string) =>
  api.database.db.select().from(backInStockRequests).where(eq(backInStockRequests.email, email));

describe("asking to be told when a product is back", () => {
  it("keeps one request per address and product: asking again is a friendly no-op", async () => {
    await adjust(4, "count", 0);
    const first = await ask("Lola@Example.com", 4);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: "subscribed" });
    const again = await ask("lola@example.com", 4, "pt");
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: "already" });
    expect(await rowsOf("lola@example.com")).toHaveLength(1);
  });

  it("refuses a bad address, a missing consent and an unknown product with a 4xx and a code", async () => {
    const bad = await subscribe({ email: "no-es-un-correo", productId: 4, consent: true, locale: "es" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("email-invalid");
    expect((await subscribe({ email: "x@example.com", productId: 4, locale: "es" })).status).toBe(400);
    expect((await subscribe({ email: "x@example.com", productId: "4", consent: true })).status).toBe(400);
    const unknown = await ask("x@example.com", 999_999);
    expect(unknown.status).toBe(404);
    expect(await rowsOf("x@example.com")).toHaveLength(0);
  });
});

describe("the mail when stock returns", () => {
  it("mails each request once, in its language, however many restocks and processes race", async () => {
    await adjust(5, "count", 0);
    await ask("ana.vuelve@example.com", 5, "es");
    await ask("joao.volta@example.com", 5, "pt");
    await Promise.all([adjust(5, "restock", 2), adjust(5, "restock", 3)]);
    const queued = await Promise.all([queue(), queue(other.db), queue()]);
    expect(queued.reduce((sum, n) => sum + n, 0)).toBe(2);
    await mail.deliver();
    expect(await queue()).toBe(0);
    await mail.deliver();

    const [es] = mailsTo("ana.vuelve@example.com");
    const [pt] = mailsTo("joao.volta@example.com");
    expect(mailsTo("ana.vuelve@example.com")).toHaveLength(1);
    expect(mailsTo("joao.volta@example.com")).toHaveLength(1);
    const [row] = await rowsOf("ana.vuelve@example.com");
    expect(row?.notifiedAt).toBeInstanceOf(Date);
    expect(es?.subject).toMatch(/^¡Ya ha vuelto!/);
    expect(pt?.subject).toMatch(/^Já voltou!/);
    expect(es?.text).toContain(`${TEST_ORIGIN}/detalle/5?lang=es`);
    expect(pt?.text).toContain(`${TEST_ORIGIN}/detalle/5?lang=pt`);
    expect(es?.text).toContain(`${TEST_ORIGIN}/avisame/baja?token=${row?.token}`);
  });

  it("sends nothing when stock goes from 3 to 5, only when it leaves 0", async () => {
    await adjust(6, "count", 3);
    await ask("sin.aviso@example.com", 6);
    await adjust(6, "restock", 2);
    expect(await queue()).toBe(0);
    await api.database.db.update(productStock).set({ available: 0 }).where(eq(productStock.productId, 6));
    await api.database.db.update(productStock).set({ available: 1 }).where(eq(productStock.productId, 6));
    expect(await queue()).toBe(1);
    await mail.deliver();
    expect(mailsTo("sin.aviso@example.com")).toHaveLength(1);
  });

  it("counts a product's first stock row as leaving 0 too", async () => {
    await api.database.db.delete(productStock).where(eq(productStock.productId, 9));
    await ask("primera.fila@example.com", 9);
    expect(await queue()).toBe(0);
    await api.database.db.insert(productStock).values({ productId: 9, available: 0 });
    expect(await queue()).toBe(0);
    await api.database.db.delete(productStock).where(eq(productStock.productId, 9));
    await api.database.db.insert(productStock).values({ productId: 9, available: 4 });
    expect(await queue()).toBe(1);
    await mail.deliver();
    expect(mailsTo("primera.fila@example.com")).toHaveLength(1);
  });

  it("sends nothing once the request is cancelled from the mail's link", async () => {
    await adjust(7, "count", 0);
    await ask("se.arrepiente@example.com", 7, "pt");
    const [row] = await rowsOf("se.arrepiente@example.com");
    const token = row?.token ?? "";
    const opened = await pages.request(`/avisame/baja?token=${token}`);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("Cancelar o aviso");
    expect(await rowsOf("se.arrepiente@example.com")).toHaveLength(1);
    const pressed = await pages.request(`/avisame/baja?token=${token}`, {
      method: "POST",
      body: new URLSearchParams({ token }),
    });
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toContain("Aviso cancelado");
    expect((await pages.request(`/avisame/baja?token=${token}`)).status).toBe(404);
    await adjust(7, "restock", 4);
    expect(await queue()).toBe(0);
    await mail.deliver();
    expect(mailsTo("se.arrepiente@example.com")).toHaveLength(0);
  });
});

describe("the form without the script", () => {
  const post = (fields: Record<string, string>) =>
    pages.request("/avisame", {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });

  it("answers a page in the form's language, and a clear message for a bad address", async () => {
    const done = await post({ email: "sin.script@example.com", productId: "4", consent: "on", locale: "pt" });
    expect(done.status).toBe(200);
    const page = await done.text();
    expect(page).toContain('<html lang="pt">');
    expect(page).toContain("Vamos avisá-lo!");
    expect(page).toContain('href="/detalle/4"');
    expect(await rowsOf("sin.script@example.com")).toHaveLength(1);

    const bad = await post({ email: "mal", productId: "4", consent: "on", locale: "es" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Escribe un correo electrónico válido");
    const elsewhere = await pages.request("/avisame", {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "victima@example.com", productId: "4", consent: "on" }),
    });
    expect(elsewhere.status).toBe(403);
    expect(await rowsOf("victima@example.com")).toHaveLength(0);
  });
});
