import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AddressesView } from "#shared/api/address-contract.ts";
import { backOfficeOrderApi } from "#shared/api/back-office-order-contract.ts";
import type { OrderView, ReturnRequestBody } from "#shared/api/order-contract.ts";
import type { OrderLinkView } from "#shared/api/order-link-contract.ts";
import { brand } from "#shared/brand.ts";
import { auditOf } from "../audit/staff-audit.ts";
import {
  invoice,
  mailOutbox,
  orderEvent,
  productStock,
  returnRequest,
  shopOrder,
  testPaymentIntent,
} from "../db/schema.ts";
import type { StaffBrowser } from "../staff/staff-testing.ts";
import { actedOn, backOfficeOrder, signedInStaff } from "../testing/back-office-staff.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import {
  body,
  madridAddress,
  orderRequest,
  payOrder,
  quote,
  type Shopper,
  shopperWithOrder,
} from "../testing/test-orders.ts";
import { asShopper } from "../testing/test-users.ts";
import { requestReturn } from "./return-requests.ts";

let api: TestApi;
let staff: StaffBrowser;
const STAFF = "returns.lines@example.com";

beforeAll(async () => {
  api = await createTestApi();
  staff = await signedInStaff(api, STAFF);
});
afterAll(() => api.close());

const DAY_MS = 24 * 60 * 60 * 1000;
type Numbered = OrderView & { number: string };

async function delivered(order: Numbered): Promise<Date> {
  await actedOn(
    await staff.post(backOfficeOrderApi.action(order.number, "ship"), {
      carrier: "envios-veloz",
      trackingNumber: "EV-7001",
    }),
  );
  await actedOn(await staff.post(backOfficeOrderApi.action(order.number, "deliver"), {}));
  const [event] = await api.database.db
    .select({ at: orderEvent.at })
    .from(orderEvent)
    .where(and(eq(orderEvent.orderId, order.id), eq(orderEvent.status, "entregado")));
  if (!event) throw new Error("not delivered");
  return event.at;
}

/** Moves the order's delivery back in time, as if it had been delivered `days` ago. */
async function deliveredDaysAgo(orderId: string, days: number) {
  await api.database.db
    .update(orderEvent)
    .set({ at: new Date(Date.now() - days * DAY_MS) })
    .where(and(eq(orderEvent.orderId, orderId), eq(orderEvent.status, "entregado")));
}

const askReturn = (shopper: Shopper, orderId: string, request: ReturnRequestBody | unknown) =>
  shopper("POST", `/api/orders/${orderId}/returns`, request);
const code = async (response: Response, status: number) =>
  (await body<{ error: { code: string } }>(response, status)).error.code;

async function mailsFor(key: string) {
  return api.database.db.select().from(mailOutbox).where(eq(mailOutbox.key, key));
}

describe("withdrawal per line from an account (decision 059)", () => {
  it("asks to return one of three lines: the request, the history, the view and the mail", async () => {
    const { shopper, order } = await shopperWithOrder(api, "three-lines@example.com", { 3: 1, 5: 2, 36: 1 });
    expect(order.lines).toHaveLength(3);
    // Not delivered yet: no withdrawal.
    expect(await code(await askReturn(shopper, order.id, { lines: [{ lineId: 1, quantity: 1 }] }), 409)).toBe(
      "not-returnable",
    );
    await delivered(order);

    const seen = await body<OrderView>(
      await askReturn(shopper, order.id, { lines: [{ lineId: 1, quantity: 1 }] }),
      201,
    );
    expect(seen.status).toBe("entregado");
    expect(seen.returnRequests).toHaveLength(1);
    expect(seen.returnRequests?.[0]?.lines).toEqual([{ position: 1, quantity: 1 }]);
    expect(seen.returnableUntil).not.toBeNull();
    const entry = seen.history.at(-1);
    expect(entry?.status).toBe("devolucion-solicitada");
    expect(entry?.note).toContain(`1 × ${order.lines[1]?.name}`);

    const [mail] = await mailsFor(`return:${seen.returnRequests?.[0]?.id}`);
    expect(mail?.recipient).toBe("three-lines@example.com");
    expect(mail?.subject).toBe(`Hemos registrado tu devolución del pedido ${order.number}`);
    expect(mail?.text).toContain(brand.company.returnAddress);
    expect(mail?.text).toContain(`1 × ${order.lines[1]?.name}`);
    expect(mail?.text).toContain("en cuanto recibamos el paquete");
    expect(mail?.text).toMatch(/\/pedido\/[0-9a-f-]+\?clave=/);

    // The other unit of that line, and another line, may still go; a third unit of it may not.
    expect(await code(await askReturn(shopper, order.id, { lines: [{ lineId: 1, quantity: 2 }] }), 409)).toBe(
      "too-many-units",
    );
    const again = await body<OrderView>(
      await askReturn(shopper, order.id, {
        lines: [
          { lineId: 1, quantity: 1 },
          { lineId: 0, quantity: 1 },
        ],
      }),
      201,
    );
    expect(again.returnRequests?.map((request) => request.lines)).toEqual([
      [{ position: 1, quantity: 1 }],
      [
        { position: 0, quantity: 1 },
        { position: 1, quantity: 1 },
      ],
    ]);
    expect(await code(await askReturn(shopper, order.id, { lines: [{ lineId: 0, quantity: 1 }] }), 409)).toBe(
      "too-many-units",
    );
  });

  it("refuses bad input, an unknown line, someone else's order, and no account", async () => {
    const { shopper, order } = await shopperWithOrder(api, "bad-returns@example.com", { 4: 1 });
    await delivered(order);
    expect(await code(await askReturn(shopper, order.id, { lines: [{ lineId: 5, quantity: 1 }] }), 400)).toBe(
      "unknown-line",
    );
    for (const bad of [
      { lines: [] },
      { lines: [{ lineId: 0, quantity: 0 }] },
      { lines: [{ lineId: -1, quantity: 1 }] },
      { lines: [{ lineId: 0, quantity: 1.5 }] },
      { lines: [{ lineId: 0, quantity: 1 }], extra: true },
      {
        lines: [
          { lineId: 0, quantity: 1 },
          { lineId: 0, quantity: 1 },
        ],
      },
    ]) {
      expect((await askReturn(shopper, order.id, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    const other = await shopperWithOrder(api, "other-returns@example.com", { 4: 1 });
    expect(
      await code(await askReturn(other.shopper, order.id, { lines: [{ lineId: 0, quantity: 1 }] }), 404),
    ).toBe("order-not-found");
    const anonymous = await api.request(`/api/orders/${order.id}/returns`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ lines: [{ lineId: 0, quantity: 1 }] }),
    });
    expect(anonymous.status).toBe(401);
    const untouched = await api.database.db
      .select()
      .from(returnRequest)
      .where(eq(returnRequest.orderId, order.id));
    expect(untouched).toEqual([]);
  });

  it("counts 14 days from delivery: day 14 is in time, day 15 is not (the clock given)", async () => {
    const first = await shopperWithOrder(api, "day14@example.com", { 6: 1 });
    const second = await shopperWithOrder(api, "day15@example.com", { 6: 1 });
    const at14 = await delivered(first.order);
    const at15 = await delivered(second.order);
    const deps = (at: Date) => {
      const { db, notifier } = api.paying(() => at);
      return { db, mails: notifier, now: () => at };
    };
    const line = [{ position: 0, quantity: 1 }];
    expect(await requestReturn(deps(new Date(at15.getTime() + 15 * DAY_MS)), second.order.id, line)).toEqual({
      ok: false,
      error: "not-returnable",
    });
    expect(
      await requestReturn(deps(new Date(at15.getTime() + 14 * DAY_MS + 1)), second.order.id, line),
    ).toEqual({
      ok: false,
      error: "not-returnable",
    });
    const inTime = await requestReturn(deps(new Date(at14.getTime() + 14 * DAY_MS)), first.order.id, line);
    expect(inTime.ok).toBe(true);

    // Through the API: delivered 15 days ago is too late, 13 days ago is in time.
    const late = await shopperWithOrder(api, "late-lines@example.com", { 6: 1 });
    await delivered(late.order);
    await deliveredDaysAgo(late.order.id, 15);
    expect(
      await code(await askReturn(late.shopper, late.order.id, { lines: [{ lineId: 0, quantity: 1 }] }), 409),
    ).toBe("not-returnable");
    await deliveredDaysAgo(late.order.id, 13);
    await body(await askReturn(late.shopper, late.order.id, { lines: [{ lineId: 0, quantity: 1 }] }), 201);
  });

  it("never lets two requests at once ask together for more than was bought", async () => {
    const { shopper, order } = await shopperWithOrder(api, "racing-returns@example.com", { 7: 2 });
    await delivered(order);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => askReturn(shopper, order.id, { lines: [{ lineId: 0, quantity: 2 }] })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409]);
    const stored = await api.database.db
      .select()
      .from(returnRequest)
      .where(eq(returnRequest.orderId, order.id));
    expect(stored).toHaveLength(1);
    const halves = await Promise.all(
      Array.from({ length: 2 }, () => askReturn(shopper, order.id, { lines: [{ lineId: 0, quantity: 1 }] })),
    );
    expect(halves.map((answer) => answer.status)).toEqual([409, 409]);
  });

  it("keeps the whole-order return working; accepting it closes the requests per line", async () => {
    const { shopper, order } = await shopperWithOrder(api, "whole-return@example.com", { 8: 2 });
    await delivered(order);
    await body(await askReturn(shopper, order.id, { lines: [{ lineId: 0, quantity: 1 }] }), 201);
    const whole = await body<OrderView>(await shopper("POST", `/api/orders/${order.id}/return`), 200);
    expect(whole.status).toBe("devolucion-solicitada");
    // The order is no longer delivered: no request per line after it.
    expect(await code(await askReturn(shopper, order.id, { lines: [{ lineId: 0, quantity: 1 }] }), 409)).toBe(
      "not-returnable",
    );
    const accepted = await actedOn(
      await staff.post(backOfficeOrderApi.action(order.number, "return"), {
        lines: [{ position: 0, quantity: 2 }],
        shipping: true,
      }),
      201,
    );
    expect(accepted.status).toBe("devuelto");
    expect(accepted.returnRequests).toEqual([]);
    const stored = await api.database.db
      .select()
      .from(returnRequest)
      .where(eq(returnRequest.orderId, order.id));
    expect(stored.map((request) => request.status)).toEqual(["received"]);
  });
});

/** A guest who has bought `cart` (decision 032), with the token of its mail's signed link. */
async function guestWithOrder(email: string, cart: Record<number, number>) {
  const signIn = await api.request("/api/auth/sign-in/anonymous", {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_ORIGIN },
    body: "{}",
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((set) => set.split(";")[0])
    .join("; ");
  expect(signIn.status).toBe(200);
  const shopper = asShopper(api, cookie);
  const { items } = await body<AddressesView>(await shopper("POST", "/api/addresses", madridAddress), 201);
  for (const [id, cantidad] of Object.entries(cart))
    await body(await shopper("POST", `/api/cart/${id}`, { cantidad }), 200);
  const addressId = items[0]?.id ?? "";
  const { totals } = await quote(shopper, addressId);
  const invoiceData = { name: "Ana", lastName: "García", company: "", taxId: "", email };
  const placed = await body<OrderView>(
    await shopper(
      "POST",
      "/api/orders",
      orderRequest(addressId, totals.totalCents, { invoice: invoiceData }),
    ),
    201,
  );
  await payOrder(shopper, placed.id);
  const order = await body<Numbered>(await shopper("GET", `/api/orders/${placed.id}`), 200);
  const [mail] = await mailsFor(`order:${order.id}:pagado`);
  const link = mail?.text.match(/http\S+\/pedido\/\S+/)?.[0] ?? "";
  return { order, token: new URL(link).searchParams.get("clave") ?? "" };
}

const linkReturn = (orderId: string, token: string, request: unknown) =>
  api.request(`/api/order-links/${orderId}/returns?clave=${encodeURIComponent(token)}`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
    body: JSON.stringify(request),
  });

describe("withdrawal through a guest's order link (decision 059)", () => {
  it("the link's token asks for a return; a wrong one, or another order's, is refused", async () => {
    const { order, token } = await guestWithOrder("guest-returns@example.com", { 3: 1, 9: 1 });
    const other = await guestWithOrder("guest-other@example.com", { 3: 1 });
    await delivered(order);
    const request = { lines: [{ lineId: 1, quantity: 1 }] };
    expect(await code(await linkReturn(order.id, `${token}x`, request), 403)).toBe("order-link-invalid");
    expect(await code(await linkReturn(order.id, other.token, request), 403)).toBe("order-link-invalid");
    expect(await code(await linkReturn(order.id, "", request), 400)).toBeTruthy();
    expect(await code(await linkReturn(crypto.randomUUID(), token, request), 403)).toBe("order-link-invalid");
    expect(
      await api.database.db.select().from(returnRequest).where(eq(returnRequest.orderId, order.id)),
    ).toEqual([]);

    const answer = await body<OrderLinkView>(await linkReturn(order.id, token, request), 201);
    expect(answer.guest).toBe(true);
    expect(answer.order.returnRequests?.[0]?.lines).toEqual([{ position: 1, quantity: 1 }]);
    const [mail] = await mailsFor(`return:${answer.order.returnRequests?.[0]?.id}`);
    expect(mail?.recipient).toBe("guest-returns@example.com");
    expect(mail?.text).toContain(brand.company.returnAddress);
    expect(await code(await linkReturn(order.id, token, request), 409)).toBe("too-many-units");
    // Not delivered: refused through the link too.
    expect(
      await code(await linkReturn(other.order.id, other.token, { lines: [{ lineId: 0, quantity: 1 }] }), 409),
    ).toBe("not-returnable");
  });

  it("speaks Portuguese to a Portuguese order", async () => {
    const { order, token } = await guestWithOrder("guest-pt@example.com", { 3: 1 });
    // The order's language, as a checkout from /pt would have stored it.
    await api.database.db.update(shopOrder).set({ lang: "pt" }).where(eq(shopOrder.id, order.id));
    await delivered(order);
    const answer = await body<OrderLinkView>(
      await linkReturn(order.id, token, { lines: [{ lineId: 0, quantity: 1 }] }),
      201,
    );
    const [mail] = await mailsFor(`return:${answer.order.returnRequests?.[0]?.id}`);
    expect(mail?.subject).toBe(`Registámos a sua devolução da encomenda ${order.number}`);
    expect(mail?.text).toContain(brand.company.returnAddress);
  });
});

describe("staff receive a return request (decision 059)", () => {
  const stockOf = async (productId: number) =>
    (await api.database.db.select().from(productStock).where(eq(productStock.productId, productId)))[0]
      ?.available ?? 0;

  it("refunds exactly the requested units, with a credit note, back on sale, closes the request and audits it", async () => {
    const { shopper, order } = await shopperWithOrder(api, "receive@example.com", { 3: 2, 5: 1, 36: 1 });
    await delivered(order);
    const asked = await body<OrderView>(
      await askReturn(shopper, order.id, {
        lines: [
          { lineId: 0, quantity: 1 },
          { lineId: 2, quantity: 1 },
        ],
      }),
      201,
    );
    const requestId = asked.returnRequests?.[0]?.id ?? "";
    const page = await backOfficeOrder(staff, order.number);
    expect(page.returnRequests.map((request) => request.id)).toEqual([requestId]);
    const before3 = await stockOf(3);
    const before36 = await stockOf(36);

    const received = await actedOn(
      await staff.post(backOfficeOrderApi.receiveReturn(order.number, requestId), {}),
      201,
    );
    const lineCents = (position: number) => order.lines[position]?.unitCents ?? 0;
    const expected = lineCents(0) + lineCents(2);
    expect(received.refunds).toMatchObject([{ amountCents: expected, restocked: true, shippingCents: 0 }]);
    expect(received.returnRequests).toEqual([]);
    expect(received.status).toBe("entregado");
    expect(received.lines.map((line) => line.refundedQuantity)).toEqual([1, 0, 1]);
    expect(await stockOf(3)).toBe(before3 + 1);
    expect(await stockOf(36)).toBe(before36 + 1);

    // The credit note: the two units' gross, its VAT split as the invoice's (21 % in Madrid).
    const [note] = (await api.database.db.select().from(invoice).where(eq(invoice.orderId, order.id))).filter(
      (row) => row.kind === "credit-note",
    );
    expect(note?.totalCents).toBe(expected);
    const vat = note?.vat ?? [];
    expect(vat.reduce((sum, line) => sum + line.baseCents + line.vatCents, 0)).toBe(expected);
    for (const line of vat)
      expect(
        Math.abs(line.vatCents - Math.round((line.baseCents * line.ratePercent) / 100)),
      ).toBeLessThanOrEqual(1);
    const [intent] = await api.database.db
      .select({ refunded: testPaymentIntent.refundedCents })
      .from(testPaymentIntent)
      .where(eq(testPaymentIntent.orderId, order.id));
    expect(intent?.refunded).toBe(expected);

    const [stored] = await api.database.db
      .select()
      .from(returnRequest)
      .where(eq(returnRequest.id, requestId));
    expect(stored?.status).toBe("received");
    expect(stored?.refundId).not.toBeNull();
    const [mail] = await mailsFor(`refund:${stored?.refundId}`);
    expect(mail?.subject).toBe(`Te devolvemos parte de tu pedido ${order.number}`);
    const audit = await auditOf(api.database.db, "order", order.number);
    expect(audit.map((entry) => entry.action)).toContain("order.return-request.receive");

    // Received once: a second time is a conflict, and nothing more is refunded.
    const twice = await staff.post(backOfficeOrderApi.receiveReturn(order.number, requestId), {});
    expect(twice.status).toBe(409);
    expect(
      await staff
        .post(backOfficeOrderApi.receiveReturn(order.number, crypto.randomUUID()), {})
        .then((r) => r.status),
    ).toBe(404);
  });

  it("keeps the units off the shelf when staff untick restock", async () => {
    const { shopper, order } = await shopperWithOrder(api, "no-restock@example.com", { 5: 1 });
    await delivered(order);
    const asked = await body<OrderView>(
      await askReturn(shopper, order.id, { lines: [{ lineId: 0, quantity: 1 }] }),
      201,
    );
    const before = await stockOf(5);
    const received = await actedOn(
      await staff.post(backOfficeOrderApi.receiveReturn(order.number, asked.returnRequests?.[0]?.id ?? ""), {
        restock: false,
        note: "Llegó roto",
      }),
      201,
    );
    expect(received.refunds).toMatchObject([
      { amountCents: order.totals.totalCents - order.totals.shippingCents, restocked: false },
    ]);
    expect(await stockOf(5)).toBe(before);
  });
});
