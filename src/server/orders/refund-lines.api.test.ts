import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backOfficeOrderApi, type RefundOrderRequest } from "#shared/api/back-office-order-contract.ts";
import type { OrderView } from "#shared/api/order-contract.ts";
import { coupon, invoice, mailOutbox, productStock, refund, testPaymentIntent } from "../db/schema.ts";
import type { StaffBrowser } from "../staff/staff-testing.ts";
import { actedOn, refusedFor, signedInStaff } from "../testing/back-office-staff.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import {
  body,
  orderRequest,
  payOrder,
  quote,
  shopperWithCart,
  shopperWithOrder,
} from "../testing/test-orders.ts";
import { settlePayments } from "./payment-settlement.ts";

let api: TestApi;
/** Who refunds: a staff member in the back office (decision 047). */
let staff: StaffBrowser;

beforeAll(async () => {
  api = await createTestApi();
  await api.database.db.insert(coupon).values({ code: "DEVUELVE15", kind: "percent", value: 15 });
  staff = await signedInStaff(api, "refunds.staff@example.com");
});
afterAll(() => api.close());

const refundOf = (number: string, request: RefundOrderRequest) =>
  staff.post(backOfficeOrderApi.action(number, "refund"), request);
const cancel = (number: string) => staff.post(backOfficeOrderApi.action(number, "cancel"), {});
/** The code of a refusal of a refund: 400 when it asks for nothing there is, 409 for the order's state. */
const refusalCode = async (response: Response, status: 400 | 409) =>
  (await body<{ error: { code: string } }>(response, status)).error.code;

const stockOf = async (productId: number) =>
  (await api.database.db.select().from(productStock).where(eq(productStock.productId, productId)))[0]
    ?.available ?? 0;

/** What the built-in provider has given back of an order's payment. */
async function refundedAtProvider(order: OrderView): Promise<number> {
  const [row] = await api.database.db
    .select({ cents: testPaymentIntent.refundedCents })
    .from(testPaymentIntent)
    .where(eq(testPaymentIntent.orderId, order.id));
  return row?.cents ?? -1;
}

async function creditNotesOf(orderId: string) {
  const rows = await api.database.db.select().from(invoice).where(eq(invoice.orderId, orderId));
  return rows.filter((row) => row.kind === "credit-note");
}

/** A paid order of three units of one product and one of another, with a 15 % coupon. */
async function discountedOrder(email: string) {
  const { shopper, addressId } = await shopperWithCart(api, email, { 3: 3, 36: 1 });
  const { totals } = await quote(shopper, addressId, "DEVUELVE15");
  const placed = await body<OrderView>(
    await shopper(
      "POST",
      "/api/orders",
      orderRequest(addressId, totals.totalCents, { couponCode: "DEVUELVE15" }),
    ),
    201,
  );
  await payOrder(shopper, placed.id);
  const order = await body<OrderView & { number: string }>(
    await shopper("GET", `/api/orders/${placed.id}`),
    200,
  );
  expect(order.totals.discountCents).toBeGreaterThan(0);
  return { shopper, order };
}

describe("refunds by line", () => {
  it("gives back one unit with its share of the discount, through the payment, with a credit note and a mail", async () => {
    const { shopper, order } = await discountedOrder("by-line@example.com");
    const before = await stockOf(3);
    const refunded = await actedOn(
      await refundOf(order.number, { lines: [{ position: 0, quantity: 1 }], note: "Llegó roto" }),
      201,
    );
    const [answer] = refunded.refunds;
    if (!answer) throw new Error("no refund on the order's answer");
    // The coupon takes 15 % off every line: the unit goes back at 85 % of its price, to the cent.
    const unitCents = order.lines[0]?.unitCents ?? 0;
    expect(Math.abs(answer.amountCents - unitCents * 0.85)).toBeLessThanOrEqual(1);
    expect(answer.creditNote).toMatch(/^A\d{4}-\d{6}$/);
    expect(answer).toMatchObject({ note: "Llegó roto", restocked: true, shippingCents: 0 });
    expect(await refundedAtProvider(order)).toBe(answer.amountCents);
    expect(await stockOf(3)).toBe(before + 1);

    const seen = await body<OrderView>(await shopper("GET", `/api/orders/${order.id}`), 200);
    expect(seen.status).toBe("pagado");
    expect(seen.lines.map((sold) => sold.refundedQuantity)).toEqual([1, 0]);
    expect(seen.invoices.map((document) => [document.kind, document.totalCents])).toEqual([
      ["invoice", order.totals.totalCents],
      ["credit-note", answer.amountCents],
    ]);
    const pdf = await shopper("GET", `/api/orders/${order.id}/documents/${answer.creditNote}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-disposition")).toContain(`${answer.creditNote}.pdf`);
    const [row] = await api.database.db.select().from(refund).where(eq(refund.orderId, order.id));
    expect(row).toMatchObject({ status: "refunded", note: "Llegó roto", restocked: true });
    const [mail] = await api.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.key, `refund:${row?.id}`));
    expect(mail?.subject).toBe(`Te devolvemos parte de tu pedido ${order.number}`);
    expect(mail?.text).toContain(answer.creditNote);
  });

  it("refunds in parts, then the rest on cancel: exactly what was paid, in credit notes that add up", async () => {
    const { order } = await discountedOrder("parts@example.com");
    const stock3 = await stockOf(3);
    const stock36 = await stockOf(36);
    await body(await refundOf(order.number, { lines: [{ position: 0, quantity: 2 }], restock: false }), 201);
    await body(await refundOf(order.number, { lines: [], shipping: true }), 201);
    const shippingTwice = await refusedFor(await refundOf(order.number, { lines: [], shipping: true }));
    expect(shippingTwice.error.code).toBe("shipping-already-refunded");
    const tooMany = await refusedFor(await refundOf(order.number, { lines: [{ position: 0, quantity: 2 }] }));
    expect(tooMany.error.code).toBe("too-many-units");

    expect((await actedOn(await cancel(order.number))).status).toBe("cancelado");
    const notes = await creditNotesOf(order.id);
    expect(notes).toHaveLength(3);
    expect(notes.reduce((sum, note) => sum + note.totalCents, 0)).toBe(order.totals.totalCents);
    expect(await refundedAtProvider(order)).toBe(order.totals.totalCents);
    // Two units kept off the shelf (damaged); the third and the other line back on sale.
    expect(await stockOf(3)).toBe(stock3 + 1);
    expect(await stockOf(36)).toBe(stock36 + 1);
  });

  it("refuses an order not paid, an unknown line, bad input, and no staff session", async () => {
    const { shopper, addressId } = await shopperWithCart(api, "unpaid-refund@example.com", { 4: 1 });
    const { totals } = await quote(shopper, addressId);
    await body<OrderView>(
      await shopper("POST", "/api/orders", orderRequest(addressId, totals.totalCents)),
      201,
    );
    const { order } = await shopperWithOrder(api, "refund-errors@example.com", { 5: 1 });
    // Asking for what the order does not have is a bad request to the back office (decision 044).
    expect(
      await refusalCode(await refundOf(order.number, { lines: [{ position: 7, quantity: 1 }] }), 400),
    ).toBe("unknown-line");
    expect(await refusalCode(await refundOf(order.number, { lines: [] }), 400)).toBe("nothing-to-refund");
    expect(
      await refusalCode(await refundOf(order.number, { lines: [{ position: 0, quantity: 0 }] }), 400),
    ).toBe("nothing-to-refund");
    const malformed = await staff.post(backOfficeOrderApi.action(order.number, "refund"), {
      lines: [],
      card: "x",
    });
    expect(malformed.status).toBe(400);
    expect((await refundOf("2026-999999", { lines: [{ position: 0, quantity: 1 }] })).status).toBe(404);
    const anonymous = await api.request(backOfficeOrderApi.action(order.number, "refund"), {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ lines: [{ position: 0, quantity: 1 }] }),
    });
    expect(anonymous.status).toBe(401);
    await actedOn(await cancel(order.number));
    const afterCancel = await refusedFor(
      await refundOf(order.number, { lines: [{ position: 0, quantity: 1 }] }),
    );
    expect(afterCancel.error.code).toBe("not-allowed");
    expect(await creditNotesOf(order.id)).toHaveLength(1);
  });

  it("of two refunds of the last unit at once, exactly one is made", async () => {
    const { order } = await shopperWithOrder(api, "refund-race@example.com", { 6: 1 });
    const answers = await Promise.all(
      [0, 1].map(() => refundOf(order.number, { lines: [{ position: 0, quantity: 1 }] })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await creditNotesOf(order.id)).toHaveLength(1);
    const line = order.lines[0];
    expect(await refundedAtProvider(order)).toBe(line?.totalCents);
  });

  it("keeps a refund the provider did not take pending, and the next round makes it once", async () => {
    const { order } = await shopperWithOrder(api, "refund-retry@example.com", { 7: 2 });
    // The provider refuses for now (its intent not in a refundable state).
    await api.database.db
      .update(testPaymentIntent)
      .set({ status: "processing" })
      .where(eq(testPaymentIntent.orderId, order.id));
    await body(await refundOf(order.number, { lines: [{ position: 0, quantity: 1 }] }), 201);
    const [pending] = await api.database.db.select().from(refund).where(eq(refund.orderId, order.id));
    expect(pending?.status).toBe("pending");

    await api.database.db
      .update(testPaymentIntent)
      .set({ status: "succeeded" })
      .where(eq(testPaymentIntent.orderId, order.id));
    const deps = { db: api.database.db, payments: api.payments };
    expect((await settlePayments(deps)).failed).toEqual([]);
    await settlePayments(deps);
    const [done] = await api.database.db.select().from(refund).where(eq(refund.orderId, order.id));
    expect(done?.status).toBe("refunded");
    expect(await refundedAtProvider(order)).toBe(order.lines[0]?.unitCents);
  });
});
