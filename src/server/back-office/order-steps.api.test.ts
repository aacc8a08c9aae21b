import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { backOfficeOrderApi } from "#shared/api/back-office-order-contract.ts";
import type { CreditNoteSummary, OrderView } from "#shared/api/order-contract.ts";
import type { OrderLinkView } from "#shared/api/order-link-contract.ts";
import { auditOf } from "../audit/staff-audit.ts";
import {
  mailOutbox,
  orderEvent,
  productStock,
  shopOrder,
  staffAudit,
  testPaymentIntent,
} from "../db/schema.ts";
import type { StaffBrowser } from "../staff/staff-testing.ts";
import { actedOn, backOfficeOrder, refusedFor, signedInStaff } from "../testing/back-office-staff.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { body, shopperWithOrder } from "../testing/test-orders.ts";

/**
 * An order's life as staff move it from the back office (issue 30): the steps, the parcel, the
 * audit, returns. These ran through the operator's token until decision 047 retired its order
 * routes; what they prove is the same, with the back office's answers (decision 044: the order
 * as it is after each action, and 409 for a step already taken).
 */

let api: TestApi;
let staff: StaffBrowser;
let owner: StaffBrowser;

beforeAll(async () => {
  api = await createTestApi();
  staff = await signedInStaff(api, "steps.staff@example.com");
  owner = await signedInStaff(api, "steps.owner@example.com", "owner");
});
afterAll(() => api.close());

const STAFF = "steps.staff@example.com";
const parcel = { carrier: "envios-veloz", trackingNumber: "EV-0001" };
const errorBody = z.object({
  error: z.object({ code: z.string(), fields: z.record(z.string(), z.string()).optional() }),
});

const step = (number: string, action: "prepare" | "deliver" | "cancel", by = staff) =>
  by.post(backOfficeOrderApi.action(number, action), {});
/** Ships with a carrier and a tracking number (issue 30); any other body is sent as it is. */
const ship = (number: string, json: unknown = parcel, by = staff) =>
  by.post(backOfficeOrderApi.action(number, "ship"), json);

const stockOf = async (productId: number) =>
  (await api.database.db.select().from(productStock).where(eq(productStock.productId, productId)))[0]
    ?.available;

describe("an order's steps from the back office", () => {
  it("needs a staff session", async () => {
    const { order } = await shopperWithOrder(api, "token@example.com", { 1: 1 });
    const missing = await api.request(backOfficeOrderApi.action(order.number, "ship"), {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      body: JSON.stringify(parcel),
    });
    expect(missing.status).toBe(401);
    expect((await backOfficeOrder(staff, order.number)).status).toBe("pagado");
  });

  it("prepares, ships and delivers an order, each step in its history; no going back", async () => {
    const { shopper, order } = await shopperWithOrder(api, "steps@example.com", { 2: 1 });
    const prepared = await actedOn(await step(order.number, "prepare"));
    expect(prepared).toMatchObject({ number: order.number, status: "preparando", shipment: null });
    await actedOn(await ship(order.number));
    // The same parcel again: someone shipped it already, which the second person is told.
    expect(await refusedFor(await ship(order.number))).toMatchObject({
      error: { code: "unchanged" },
      status: "enviado",
    });
    await actedOn(await step(order.number, "deliver"));
    const refused = await refusedFor(await step(order.number, "prepare"));
    expect(refused.status).toBe("entregado");
    const seen = await body<OrderView>(await shopper("GET", `/api/orders/${order.id}`), 200);
    expect(seen.history.map((event) => event.status)).toEqual([
      "pendiente-pago",
      "pagado",
      "preparando",
      "enviado",
      "entregado",
    ]);
    // Shipped: the shopper can no longer cancel.
    expect((await shopper("POST", `/api/orders/${order.id}/cancel`)).status).toBe(409);
  });

  it("answers 404 for an unknown order and 400 for a bad step or number", async () => {
    expect((await ship("2026-999999")).status).toBe(404);
    expect((await staff.post("/api/gestion/orders/2026-000001/teleport", {})).status).toBe(404);
    expect((await staff.post("/api/gestion/orders/2026-000001/receive-return", {})).status).toBe(404);
    expect((await ship("not-a-number")).status).toBe(400);
  });
});

describe("shipping with a carrier and a tracking number (issue 30)", () => {
  it("refuses a ship without a known carrier or a good tracking number, and changes nothing", async () => {
    const { order } = await shopperWithOrder(api, "ship-refused@example.com", { 3: 1 });
    const refusals: [unknown, string, string][] = [
      [{ trackingNumber: "EV-0001" }, "carrier", "carrier-required"],
      [{ carrier: "palomas-mensajeras", trackingNumber: "EV-0001" }, "carrier", "carrier-unknown"],
      [{ carrier: "Envíos Veloz", trackingNumber: "EV-0001" }, "carrier", "carrier-unknown"],
      [{ carrier: "envios-veloz" }, "trackingNumber", "tracking-number-required"],
      [{ carrier: "envios-veloz", trackingNumber: "EV 0001" }, "trackingNumber", "tracking-number-invalid"],
      [{ carrier: "envios-veloz", trackingNumber: "EV1" }, "trackingNumber", "tracking-number-invalid"],
      [{ carrier: "envios-veloz", trackingNumber: 12345 }, "trackingNumber", "tracking-number-invalid"],
    ];
    for (const [json, field, message] of refusals) {
      const refused = errorBody.parse(await body<unknown>(await ship(order.number, json), 400));
      expect(refused.error.code, JSON.stringify(json)).toBe("invalid-request");
      expect(refused.error.fields?.[field], JSON.stringify(json)).toBe(message);
    }
    const extra = errorBody.parse(
      await body<unknown>(await ship(order.number, { ...parcel, surprise: true }), 400),
    );
    expect(extra.error.code).toBe("invalid-request");
    // An empty body, and a body that is no JSON.
    expect((await ship(order.number, {})).status).toBe(400);
    const notJson = await api.request(backOfficeOrderApi.action(order.number, "ship"), {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json", cookie: staff.cookie() },
      body: "{carrier",
    });
    expect(notJson.status).toBe(400);
    expect(errorBody.parse(await notJson.json()).error.code).toBe("invalid-request");
    const [row] = await api.database.db.select().from(shopOrder).where(eq(shopOrder.id, order.id));
    expect(row).toMatchObject({ status: "pagado", carrier: null, trackingNumber: null });
    expect(await auditOf(api.database.db, "order", order.number)).toEqual([]);
  });

  it("stores the parcel with the status; the shopper's order, the order link and the mail carry the link", async () => {
    const { shopper, order } = await shopperWithOrder(api, "ship-tracked@example.com", { 4: 1 });
    const shipped = await actedOn(
      await ship(order.number, { carrier: "correo-iberico", trackingNumber: " pk-2026-77 " }),
    );
    const url = "https://www.correo-iberico.example/localizar?codigo=PK-2026-77";
    const shipment = { carrier: "Correo Ibérico Express", number: "PK-2026-77", url };
    expect(shipped).toMatchObject({ number: order.number, status: "enviado", shipment });
    const [row] = await api.database.db.select().from(shopOrder).where(eq(shopOrder.id, order.id));
    expect(row).toMatchObject({ status: "enviado", carrier: "correo-iberico", trackingNumber: "PK-2026-77" });

    const seen = await body<OrderView>(await shopper("GET", `/api/orders/${order.id}`), 200);
    expect(seen.shipment).toEqual(shipment);

    const [mail] = await api.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.key, `order:${order.id}:enviado`));
    expect(mail?.text).toContain("Lo lleva Correo Ibérico Express con el número de seguimiento PK-2026-77.");
    expect(mail?.text).toContain(`Seguir mi envío: ${url}`);
    expect(mail?.html).toContain(`<a href="${url}">Seguir mi envío</a>`);
    await api.deliverMail();
    expect(
      api.mails.find((sent) => sent.subject.includes(order.number) && sent.text.includes(url)),
    ).toBeDefined();

    // The order's signed link, from that mail: the same parcel, for whoever holds it.
    const link = new URL(mail?.text.match(/http\S+\/pedido\/\S+/)?.[0] ?? "http://x/");
    const token = link.searchParams.get("clave") ?? "";
    const linked = await body<OrderLinkView>(
      await api.request(`/api/order-links/${order.id}?clave=${encodeURIComponent(token)}`),
      200,
    );
    expect(linked.order.shipment).toEqual(shipment);

    // Shipping again: the same parcel is told as done already, another parcel as shipped otherwise.
    const same = await refusedFor(
      await ship(order.number, { carrier: "correo-iberico", trackingNumber: "PK-2026-77" }),
    );
    expect(same).toMatchObject({ error: { code: "unchanged" }, status: "enviado" });
    const other = await refusedFor(await ship(order.number));
    expect(other.error.code).toBe("shipped-otherwise");
    const [after] = await api.database.db.select().from(shopOrder).where(eq(shopOrder.id, order.id));
    expect(after).toMatchObject({ carrier: "correo-iberico", trackingNumber: "PK-2026-77" });
    expect(await auditOf(api.database.db, "order", order.number)).toHaveLength(1);
  });

  it("ships an order once when two people ship it with different parcels at once", async () => {
    const { order } = await shopperWithOrder(api, "ship-race@example.com", { 5: 1 });
    const answers = await Promise.all([
      ship(order.number, { carrier: "envios-veloz", trackingNumber: "RACE-A" }),
      ship(order.number, { carrier: "luso-entregas", trackingNumber: "RACE-B" }, owner),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const [row] = await api.database.db.select().from(shopOrder).where(eq(shopOrder.id, order.id));
    const audit = await auditOf(api.database.db, "order", order.number);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toEqual({
      status: "enviado",
      carrier: row?.carrier,
      trackingNumber: row?.trackingNumber,
    });
  });
});

describe("the audit of the staff's actions (issue 30)", () => {
  it("keeps every step and refund with before → after, in order, on the order's answer", async () => {
    const { order } = await shopperWithOrder(api, "audited@example.com", { 6: 2, 7: 1 });
    await actedOn(await step(order.number, "prepare"));
    await actedOn(await ship(order.number, { ...parcel, note: "Caja grande" }));
    const refund = { lines: [{ position: 0, quantity: 1 }], shipping: false, restock: false, note: "Roto" };
    const refunded = await actedOn(
      await staff.post(backOfficeOrderApi.action(order.number, "refund"), refund),
      201,
    );
    const { creditNote, amountCents } = refunded.refunds[0] ?? { creditNote: "", amountCents: -1 };
    await actedOn(await step(order.number, "deliver"));
    // A step refused, or already taken, changes nothing and so is not recorded.
    await refusedFor(await step(order.number, "prepare"));
    await refusedFor(await step(order.number, "deliver"));

    const view = await backOfficeOrder(staff, order.number);
    expect(view).toMatchObject({ id: order.id, status: "entregado", shipment: { number: "EV-0001" } });
    expect(view.delivery.phone).toBe(order.address.phone);
    const history = view.history.flatMap((entry) => (entry.kind === "audit" ? [entry] : []));
    expect(history.map((entry) => [entry.actor, entry.action])).toEqual([
      [STAFF, "order.prepare"],
      [STAFF, "order.ship"],
      [STAFF, "order.refund"],
      [STAFF, "order.deliver"],
    ]);
    expect(history[0]).toMatchObject({
      before: { status: "pagado" },
      after: { status: "preparando" },
      note: "",
    });
    expect(history[1]).toMatchObject({
      before: { status: "preparando", carrier: null, trackingNumber: null },
      after: { status: "enviado", carrier: "envios-veloz", trackingNumber: "EV-0001" },
      note: "Caja grande",
    });
    expect(history[2]).toMatchObject({
      before: { status: "enviado", shippingRefunded: false },
      after: {
        status: "enviado",
        creditNote,
        amountCents,
        lines: [{ position: 0, quantity: 1 }],
        shippingCents: 0,
        restock: false,
      },
      note: "Roto",
    });
    expect(history[3]).toMatchObject({ before: { status: "enviado" }, after: { status: "entregado" } });
    const times = history.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The buyer's own history shows none of the staff's notes.
    const seen = await api.database.db.select().from(orderEvent).where(eq(orderEvent.orderId, order.id));
    expect(seen.map((event) => event.note)).not.toContain("Caja grande");
  });

  it("records a staff member's cancel with its credit note, in the cancel's transaction", async () => {
    const { order } = await shopperWithOrder(api, "audited-cancel@example.com", { 8: 1 });
    await actedOn(await step(order.number, "cancel"));
    const [entry] = await auditOf(api.database.db, "order", order.number);
    expect(entry).toMatchObject({
      actor: STAFF,
      staffId: expect.any(String),
      action: "order.cancel",
      subjectType: "order",
      before: { status: "pagado" },
      after: { status: "cancelado", creditNote: expect.stringMatching(/^A\d{4}-\d{6}$/) },
    });
  });

  it("cannot be changed or deleted, not even with SQL", async () => {
    const { order } = await shopperWithOrder(api, "audit-kept@example.com", { 10: 1 });
    await actedOn(await step(order.number, "prepare"));
    const { db } = api.database;
    const [kept] = await auditOf(db, "order", order.number);
    expect(kept).toBeDefined();
    await expect(
      db
        .update(staffAudit)
        .set({ note: "nada que ver" })
        .where(eq(staffAudit.id, kept?.id ?? "")),
    ).rejects.toThrow();
    await expect(db.delete(staffAudit).where(eq(staffAudit.id, kept?.id ?? ""))).rejects.toThrow();
    await expect(db.delete(staffAudit)).rejects.toThrow();
    expect(await auditOf(db, "order", order.number)).toEqual([kept]);
  });
});

describe("returns (right of withdrawal)", () => {
  it("takes a return request within 14 days; the parcel taken back brings refund, stock and credit note", async () => {
    const { shopper, order } = await shopperWithOrder(api, "returns@example.com", { 5: 2 });
    const before = await stockOf(5);
    expect((await shopper("POST", `/api/orders/${order.id}/return`)).status).toBe(409);
    await actedOn(await ship(order.number));
    await actedOn(await step(order.number, "deliver"));

    const requested = await body<OrderView>(await shopper("POST", `/api/orders/${order.id}/return`), 200);
    expect(requested.status).toBe("devolucion-solicitada");
    expect(requested.payment?.status).toBe("captured");

    // The whole parcel came back: both units, back on sale, and the shipping too.
    const taken = await actedOn(
      await staff.post(backOfficeOrderApi.action(order.number, "return"), {
        lines: [{ position: 0, quantity: 2 }],
        shipping: true,
        restock: true,
      }),
      201,
    );
    expect(taken.refunds).toMatchObject([{ amountCents: order.totals.totalCents, status: "refunded" }]);
    const returned = await body<OrderView>(await shopper("GET", `/api/orders/${order.id}`), 200);
    expect(returned.status).toBe("devuelto");
    expect(returned.lines.map((line) => line.refundedQuantity)).toEqual([2]);
    expect(returned.invoices.map((document) => document.kind)).toEqual(["invoice", "credit-note"]);
    expect(returned.invoices[1]?.totalCents).toBe(order.totals.totalCents);
    const [intent] = await api.database.db
      .select({ refunded: testPaymentIntent.refundedCents })
      .from(testPaymentIntent)
      .where(eq(testPaymentIntent.orderId, order.id));
    expect(intent?.refunded).toBe(order.totals.totalCents);
    expect(await stockOf(5)).toBe((before ?? 0) + 2);
    const notes = await body<{ items: CreditNoteSummary[] }>(
      await shopper("GET", "/api/orders/credit-notes"),
      200,
    );
    expect(notes.items.map((note) => note.orderId)).toEqual([order.id]);
  });

  it("refuses a return asked for more than 14 days after delivery", async () => {
    const { shopper, order } = await shopperWithOrder(api, "late@example.com", { 6: 1 });
    await actedOn(await ship(order.number));
    await actedOn(await step(order.number, "deliver"));
    const fifteenDaysAgo = new Date(Date.now() - 15 * 24 * 60 * 60 * 1000);
    await api.database.db
      .update(orderEvent)
      .set({ at: fifteenDaysAgo })
      .where(and(eq(orderEvent.orderId, order.id), eq(orderEvent.status, "entregado")));
    const refused = await shopper("POST", `/api/orders/${order.id}/return`);
    expect(errorBody.parse(await body<unknown>(refused, 409)).error.code).toBe("not-returnable");
  });
});
