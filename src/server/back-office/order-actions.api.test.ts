import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  type BackOfficeOrder,
  backOfficeOrderApi,
  backOfficeOrderSchema,
  orderActionAnswerSchema,
  orderConflictSchema,
} from "#shared/api/back-office-order-contract.ts";
import type { OrderView } from "#shared/api/order-contract.ts";
import { auditOf } from "../audit/staff-audit.ts";
import { productStock } from "../db/schema.ts";
import { inviteFromCli, type StaffBrowser, staffBrowser, staffMemberFrom } from "../staff/staff-testing.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { body, shopperWithOrder } from "../testing/test-orders.ts";
import { signUpShopper } from "../testing/test-users.ts";

let api: TestApi;
let staff: StaffBrowser;
let owner: StaffBrowser;

beforeAll(async () => {
  api = await createTestApi();
  const staffToken = await inviteFromCli(api, "orders.staff@example.com", "staff");
  staff = (await staffMemberFrom(api, staffToken, { name: "Sara", password: "tortuga-lunar-azul-42" }))
    .browser;
  const ownerToken = await inviteFromCli(api, "orders.owner@example.com", "owner");
  owner = (await staffMemberFrom(api, ownerToken, { name: "Olga", password: "cometa-verde-rojo-17" }))
    .browser;
});
afterAll(() => api.close());

const parcel = { carrier: "envios-veloz", trackingNumber: "EV-7001" };
const errorBody = z.object({ error: z.object({ code: z.string() }) });

async function orderOf(browser: StaffBrowser, number: string): Promise<BackOfficeOrder> {
  const answer = await browser.get(backOfficeOrderApi.order(number));
  expect(answer.status, await answer.clone().text()).toBe(200);
  return backOfficeOrderSchema.parse(await answer.json());
}

async function acted(response: Response, status = 200): Promise<BackOfficeOrder> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return orderActionAnswerSchema.parse(JSON.parse(text)).order;
}

async function conflict(response: Response) {
  const text = await response.text();
  expect(response.status, text).toBe(409);
  return orderConflictSchema.parse(JSON.parse(text));
}

const stockOf = async (productId: number) =>
  (await api.database.db.select().from(productStock).where(eq(productStock.productId, productId)))[0]
    ?.available ?? 0;

const auditActions = async (number: string) =>
  (await auditOf(api.database.db, "order", number)).map(({ action, actor }) => `${action} ${actor}`);

describe("an order's page in the back office (issue 30)", () => {
  it("answers everything needed to handle it", async () => {
    const { order } = await shopperWithOrder(api, "detail@example.com", { 3: 2, 36: 1 });
    const seen = await orderOf(staff, order.number);
    expect(seen).toMatchObject({
      number: order.number,
      status: "pagado",
      buyer: { email: "detail@example.com", kind: "account" },
      delivery: { street: order.address.street, phone: order.address.phone },
      payment: { status: "captured", amountCents: order.totals.totalCents },
      totals: order.totals,
      refunds: [],
      actions: ["prepare", "ship", "cancel", "refund", "note"],
    });
    expect(seen.payment?.reference).not.toBe("");
    expect(
      seen.lines.map(({ position, quantity, refundedQuantity }) => [position, quantity, refundedQuantity]),
    ).toEqual([
      [0, 2, 0],
      [1, 1, 0],
    ]);
    expect(seen.lines.every((line) => line.image !== "" && line.unitCents > 0)).toBe(true);
    const [invoice] = seen.documents;
    expect(invoice?.kind).toBe("invoice");
    const pdf = await staff.get(invoice?.url ?? "");
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect((await pdf.text()).startsWith("%PDF")).toBe(true);
    expect(seen.history.map((entry) => (entry.kind === "event" ? entry.status : entry.action))).toEqual([
      "pendiente-pago",
      "pagado",
    ]);
  });

  it("answers 404 for an unknown order or document, 400 for a malformed number", async () => {
    const unknown = await staff.get(backOfficeOrderApi.order("2026-999999"));
    expect(unknown.status).toBe(404);
    expect(errorBody.parse(await unknown.json()).error.code).toBe("order-not-found");
    expect((await staff.get("/api/gestion/orders/2026-1")).status).toBe(400);
    expect((await staff.get(backOfficeOrderApi.packingSlip("2026-999999"))).status).toBe(404);
    const { order } = await shopperWithOrder(api, "no-doc@example.com", { 2: 1 });
    expect((await staff.get(backOfficeOrderApi.document(order.number, "F2026-999999"))).status).toBe(404);
    expect((await staff.post(backOfficeOrderApi.action("2026-999999", "deliver"), {})).status).toBe(404);
  });

  it("prints the packing slip as a PDF", async () => {
    const { order } = await shopperWithOrder(api, "slip@example.com", { 4: 1 });
    const slip = await owner.get(backOfficeOrderApi.packingSlip(order.number));
    expect(slip.status).toBe(200);
    expect(slip.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await slip.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });
});

describe("who may act on an order", () => {
  const actions = (number: string): [string, unknown][] => [
    [backOfficeOrderApi.action(number, "prepare"), {}],
    [backOfficeOrderApi.action(number, "ship"), parcel],
    [backOfficeOrderApi.action(number, "deliver"), {}],
    [backOfficeOrderApi.action(number, "cancel"), {}],
    [backOfficeOrderApi.action(number, "refund"), { lines: [{ position: 0, quantity: 1 }] }],
    [backOfficeOrderApi.action(number, "return"), { lines: [{ position: 0, quantity: 1 }] }],
    [backOfficeOrderApi.action(number, "notes"), { note: "Hola" }],
  ];

  it("refuses a shopper (401) and a staff member without the second factor (403), changing nothing", async () => {
    const { order } = await shopperWithOrder(api, "guarded@example.com", { 5: 1 });
    const shopperCookie = await signUpShopper(api, "guard.buyer@example.com");
    const shopper = staffBrowser(api, shopperCookie);
    const token = await inviteFromCli(api, "orders.early@example.com", "staff");
    const early = staffBrowser(api);
    await early.post(`/api/gestion/invitations/${token}/accept`, {
      name: "Eva",
      password: "nube-rosa-fria-93",
    });
    for (const [path, json] of actions(order.number)) {
      expect((await shopper.post(path, json)).status, path).toBe(401);
      const refused = await early.post(path, json);
      expect(refused.status, path).toBe(403);
      expect(errorBody.parse(await refused.json()).error.code).toBe("second-factor-required");
    }
    for (const path of [
      backOfficeOrderApi.order(order.number),
      backOfficeOrderApi.packingSlip(order.number),
    ]) {
      expect((await shopper.get(path)).status).toBe(401);
      expect((await early.get(path)).status).toBe(403);
    }
    const signedOut = await api.request(backOfficeOrderApi.action(order.number, "cancel"), {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      body: "{}",
    });
    expect(signedOut.status).toBe(401);
    expect((await orderOf(staff, order.number)).status).toBe("pagado");
    expect(await auditActions(order.number)).toEqual([]);
  });

  it("refuses a malformed body with 400 and changes nothing", async () => {
    const { order } = await shopperWithOrder(api, "bad-body@example.com", { 6: 1 });
    const bad: [string, unknown][] = [
      [backOfficeOrderApi.action(order.number, "ship"), { carrier: "palomas", trackingNumber: "X-1234" }],
      [backOfficeOrderApi.action(order.number, "ship"), { ...parcel, trackingNumber: "a b" }],
      [backOfficeOrderApi.action(order.number, "refund"), { lines: [{ position: 0, quantity: -1 }] }],
      [backOfficeOrderApi.action(order.number, "refund"), { lines: [] }],
      [backOfficeOrderApi.action(order.number, "notes"), { note: "   " }],
      [backOfficeOrderApi.action(order.number, "cancel"), { note: "x".repeat(501) }],
    ];
    for (const [path, json] of bad) expect((await staff.post(path, json)).status, path).toBe(400);
    expect((await orderOf(staff, order.number)).status).toBe("pagado");
  });
});

describe("the actions, each audited with the staff member", () => {
  it("marks an order being packed, which the buyer sees; then ships it from there, and refuses a second time (409)", async () => {
    const { shopper, order } = await shopperWithOrder(api, "prepare@example.com", { 16: 1 });
    const prepared = await acted(
      await staff.post(backOfficeOrderApi.action(order.number, "prepare"), { note: "Albarán impreso" }),
    );
    expect(prepared.status).toBe("preparando");
    expect(prepared.actions).toEqual(["ship", "cancel", "refund", "note"]);
    const again = await conflict(await owner.post(backOfficeOrderApi.action(order.number, "prepare"), {}));
    expect(again).toMatchObject({ error: { code: "unchanged" }, status: "preparando" });
    const seen = await body<OrderView>(await shopper("GET", `/api/orders/${order.id}`), 200);
    expect(seen.history.map((event) => event.status)).toEqual(["pendiente-pago", "pagado", "preparando"]);
    expect(seen.history.map((event) => event.note)).not.toContain("Albarán impreso");
    await acted(await staff.post(backOfficeOrderApi.action(order.number, "ship"), parcel));
    const late = await conflict(await staff.post(backOfficeOrderApi.action(order.number, "prepare"), {}));
    expect(late).toMatchObject({ error: { code: "not-allowed" }, status: "enviado" });
    const audit = await auditOf(api.database.db, "order", order.number);
    expect(audit.map(({ action, actor }) => `${action} ${actor}`)).toEqual([
      "order.prepare orders.staff@example.com",
      "order.ship orders.staff@example.com",
    ]);
    expect(audit[0]).toMatchObject({
      before: { status: "pagado" },
      after: { status: "preparando" },
      note: "Albarán impreso",
    });
    expect(audit[1]).toMatchObject({ before: { status: "preparando" }, after: { status: "enviado" } });
  });

  it("ships with a tracking number the buyer is told of, then refuses another parcel (409)", async () => {
    const { shopper, order } = await shopperWithOrder(api, "ship@example.com", { 7: 1 });
    const shipped = await acted(
      await staff.post(backOfficeOrderApi.action(order.number, "ship"), { ...parcel, note: "Caja pequeña" }),
    );
    expect(shipped.status).toBe("enviado");
    expect(shipped.shipment?.number).toBe("EV-7001");
    expect(shipped.actions).toEqual(["deliver", "refund", "note"]);
    const again = await conflict(
      await owner.post(backOfficeOrderApi.action(order.number, "ship"), {
        ...parcel,
        trackingNumber: "EV-7002",
      }),
    );
    expect(again).toMatchObject({ error: { code: "shipped-otherwise" }, status: "enviado" });
    const [entry] = await auditOf(api.database.db, "order", order.number);
    expect(entry).toMatchObject({
      actor: "orders.staff@example.com",
      action: "order.ship",
      before: { status: "pagado", carrier: null, trackingNumber: null },
      after: { status: "enviado", carrier: "envios-veloz", trackingNumber: "EV-7001" },
      note: "Caja pequeña",
    });
    const seen = await body<OrderView>(await shopper("GET", `/api/orders/${order.id}`), 200);
    expect(seen.shipment?.number).toBe("EV-7001");
    await api.deliverMail();
    const url = seen.shipment?.url ?? "";
    expect(api.mails.some((mail) => mail.to === "ship@example.com" && mail.text.includes(url))).toBe(true);
  });

  it("marks delivered, then accepts a return of one line without restocking", async () => {
    const { order } = await shopperWithOrder(api, "return@example.com", { 8: 2, 9: 1 });
    await acted(await staff.post(backOfficeOrderApi.action(order.number, "ship"), parcel));
    const delivered = await acted(await staff.post(backOfficeOrderApi.action(order.number, "deliver"), {}));
    expect(delivered.actions).toEqual(["refund", "return", "note"]);
    const stock = await stockOf(8);
    const returned = await acted(
      await staff.post(backOfficeOrderApi.action(order.number, "return"), {
        lines: [
          { position: 0, quantity: 1 },
          { position: 1, quantity: 0 },
        ],
        restock: false,
        note: "Llegó abollado",
      }),
      201,
    );
    expect(returned.status).toBe("devuelto");
    expect(returned.lines.map((line) => line.refundedQuantity)).toEqual([1, 0]);
    expect(returned.refunds).toHaveLength(1);
    expect(returned.documents.map((document) => document.kind)).toEqual(["invoice", "credit-note"]);
    expect(returned.actions).toEqual(["note"]);
    expect(await stockOf(8)).toBe(stock);
    expect(await auditActions(order.number)).toEqual([
      "order.ship orders.staff@example.com",
      "order.deliver orders.staff@example.com",
      "order.return orders.staff@example.com",
    ]);
    const again = await conflict(
      await staff.post(backOfficeOrderApi.action(order.number, "return"), {
        lines: [{ position: 1, quantity: 1 }],
      }),
    );
    expect(again.status).toBe("devuelto");
  });

  it("accepts a return with restocking: the units are on sale again", async () => {
    const { order } = await shopperWithOrder(api, "restock@example.com", { 10: 2 });
    await acted(await staff.post(backOfficeOrderApi.action(order.number, "ship"), parcel));
    await acted(await staff.post(backOfficeOrderApi.action(order.number, "deliver"), {}));
    const stock = await stockOf(10);
    await acted(
      await owner.post(backOfficeOrderApi.action(order.number, "return"), {
        lines: [{ position: 0, quantity: 2 }],
        shipping: true,
        restock: true,
      }),
      201,
    );
    expect(await stockOf(10)).toBe(stock + 2);
    // Before delivery nothing can come back.
    const { order: fresh } = await shopperWithOrder(api, "early-return@example.com", { 10: 1 });
    const refused = await conflict(
      await staff.post(backOfficeOrderApi.action(fresh.number, "return"), {
        lines: [{ position: 0, quantity: 1 }],
      }),
    );
    expect(refused).toMatchObject({ error: { code: "not-allowed" }, status: "pagado" });
  });

  it("refunds part of an order per line and shipping, with a credit note staff can open", async () => {
    const { order } = await shopperWithOrder(api, "partial@example.com", { 11: 3 });
    const refunded = await acted(
      await staff.post(backOfficeOrderApi.action(order.number, "refund"), {
        lines: [{ position: 0, quantity: 1 }],
        shipping: true,
        note: "Una unidad rota",
      }),
      201,
    );
    expect(refunded.status).toBe("pagado");
    expect(refunded.lines[0]?.refundedQuantity).toBe(1);
    expect(refunded.refunds[0]).toMatchObject({
      amountCents: (order.lines[0]?.unitCents ?? 0) + order.totals.shippingCents,
      shippingCents: order.totals.shippingCents,
      note: "Una unidad rota",
    });
    const creditNote = refunded.documents.find((document) => document.kind === "credit-note");
    expect((await staff.get(creditNote?.url ?? "")).headers.get("content-type")).toBe("application/pdf");
    const twice = await conflict(
      await staff.post(backOfficeOrderApi.action(order.number, "refund"), { lines: [], shipping: true }),
    );
    expect(twice.error.code).toBe("shipping-already-refunded");
    const nothing = await staff.post(backOfficeOrderApi.action(order.number, "refund"), {
      lines: [{ position: 0, quantity: 0 }],
    });
    expect(nothing.status).toBe(400);
    expect(await auditActions(order.number)).toEqual(["order.refund orders.staff@example.com"]);
  });

  it("cancels with the money back, then refuses to cancel or ship (409)", async () => {
    const { order } = await shopperWithOrder(api, "cancel@example.com", { 12: 1 });
    const cancelled = await acted(
      await owner.post(backOfficeOrderApi.action(order.number, "cancel"), { note: "Sin existencias" }),
    );
    expect(cancelled.status).toBe("cancelado");
    expect(cancelled.payment?.status).toMatch(/^refund/);
    expect(cancelled.documents.map((document) => document.kind)).toEqual(["invoice", "credit-note"]);
    expect(cancelled.actions).toEqual(["note"]);
    expect(
      (await conflict(await staff.post(backOfficeOrderApi.action(order.number, "cancel"), {}))).status,
    ).toBe("cancelado");
    expect(
      (await conflict(await staff.post(backOfficeOrderApi.action(order.number, "ship"), parcel))).status,
    ).toBe("cancelado");
    expect(await auditActions(order.number)).toEqual(["order.cancel orders.owner@example.com"]);
  });

  it("keeps an internal note in the history, never in what the buyer sees", async () => {
    const { shopper, order } = await shopperWithOrder(api, "note@example.com", { 13: 1 });
    const noted = await acted(
      await staff.post(backOfficeOrderApi.action(order.number, "notes"), {
        note: "Llamó: entregar por la tarde",
      }),
      201,
    );
    expect(noted.history.at(-1)).toMatchObject({
      kind: "audit",
      actor: "orders.staff@example.com",
      action: "order.note",
      note: "Llamó: entregar por la tarde",
    });
    expect(noted.status).toBe("pagado");
    const seen = await shopper("GET", `/api/orders/${order.id}`);
    expect(await seen.text()).not.toContain("Llamó");
  });
});

describe("two staff members acting on one order at once", () => {
  it("ship and cancel: exactly one happens, the other hears 409 with the status now", async () => {
    const { order } = await shopperWithOrder(api, "race-ship-cancel@example.com", { 18: 1 });
    const [ship, cancel] = await Promise.all([
      staff.post(backOfficeOrderApi.action(order.number, "ship"), parcel),
      owner.post(backOfficeOrderApi.action(order.number, "cancel"), {}),
    ]);
    const statuses = [ship.status, cancel.status].sort();
    expect(statuses).toEqual([200, 409]);
    const final = await orderOf(staff, order.number);
    const loser = ship.status === 409 ? ship : cancel;
    expect((await conflict(loser)).status).toBe(final.status);
    expect(await auditActions(order.number)).toEqual([
      final.status === "enviado"
        ? "order.ship orders.staff@example.com"
        : "order.cancel orders.owner@example.com",
    ]);
  });

  it("two parcels for one order: one is stored, the other is refused", async () => {
    const { order } = await shopperWithOrder(api, "race-ship@example.com", { 19: 1 });
    const answers = await Promise.all([
      staff.post(backOfficeOrderApi.action(order.number, "ship"), parcel),
      owner.post(backOfficeOrderApi.action(order.number, "ship"), { ...parcel, trackingNumber: "EV-9999" }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const final = await orderOf(staff, order.number);
    const winner = answers[0]?.status === 200 ? "EV-7001" : "EV-9999";
    expect(final.shipment?.number).toBe(winner);
    expect((await auditOf(api.database.db, "order", order.number)).map((entry) => entry.after)).toEqual([
      { status: "enviado", carrier: "envios-veloz", trackingNumber: winner },
    ]);
  });

  it("two refunds of the last unit: one refund, one credit note, the other 409", async () => {
    const { order } = await shopperWithOrder(api, "race-refund@example.com", { 20: 1 });
    const refund = { lines: [{ position: 0, quantity: 1 }] };
    const answers = await Promise.all([
      staff.post(backOfficeOrderApi.action(order.number, "refund"), refund),
      owner.post(backOfficeOrderApi.action(order.number, "refund"), refund),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const final = await orderOf(staff, order.number);
    expect(final.refunds).toHaveLength(1);
    expect(final.lines[0]?.refundedQuantity).toBe(1);
    expect(final.documents.filter((document) => document.kind === "credit-note")).toHaveLength(1);
    expect(
      (await auditActions(order.number)).filter((entry) => entry.startsWith("order.refund")),
    ).toHaveLength(1);
  });

  it("a cancel and a refund at once never give back more than was paid", async () => {
    const { order } = await shopperWithOrder(api, "race-cancel-refund@example.com", { 21: 2 });
    const answers = await Promise.all([
      staff.post(backOfficeOrderApi.action(order.number, "cancel"), {}),
      owner.post(backOfficeOrderApi.action(order.number, "refund"), {
        lines: [{ position: 0, quantity: 2 }],
      }),
    ]);
    for (const answer of answers) expect([200, 201, 409]).toContain(answer.status);
    const final = await orderOf(staff, order.number);
    expect(final.status).toBe("cancelado");
    const creditNotes = final.documents.filter((document) => document.kind === "credit-note");
    expect(creditNotes.reduce((sum, document) => sum + document.totalCents, 0)).toBe(order.totals.totalCents);
    expect(final.lines[0]?.refundedQuantity).toBe(2);
  });
});
