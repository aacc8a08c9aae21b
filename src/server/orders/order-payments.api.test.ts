import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderView } from "#shared/api/order-contract.ts";
import type { PaymentSessionView, TestConfirmAnswer } from "#shared/api/payment-contract.ts";
import { invoice, mailOutbox, productStock, shopOrder, testPaymentIntent } from "../db/schema.ts";
import { lisbonAddress } from "../testing/order-fixtures.ts";
import { createTestApi, TEST_OPERATOR_TOKEN, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import {
  body,
  madridAddress,
  orderRequest,
  payOrder,
  quote,
  type Shopper,
  shopperWithCart,
  type TestPayment,
} from "../testing/test-orders.ts";
import { expireUnpaid } from "./expire-unpaid.ts";
import { applyIntent } from "./order-payments.ts";

let api: TestApi;
beforeAll(async () => {
  // The whole app: the provider's pages (3-D Secure, the bank's app) are pages, not the API.
  api = await createTestApi({ whole: true });
});
afterAll(() => api.close());

const stockOf = async (productId: number) =>
  (await api.database.db.select().from(productStock).where(eq(productStock.productId, productId)))[0]
    ?.available;

/** A shopper with an order awaiting payment for one unit of `productId`. */
async function pendingOrder(email: string, productId: number, address = madridAddress) {
  const { shopper, addressId } = await shopperWithCart(api, email, { [productId]: 1 }, address);
  const { totals } = await quote(shopper, addressId);
  const order = await body<OrderView>(
    await shopper("POST", "/api/orders", orderRequest(addressId, totals.totalCents)),
    201,
  );
  return { shopper, order };
}

const orderOf = (shopper: Shopper, id: string) =>
  shopper("GET", `/api/orders/${id}`).then((r) => body<OrderView>(r, 200));
const sessionOf = (shopper: Shopper, id: string) =>
  shopper("GET", `/api/orders/${id}/payment`).then((r) => body<PaymentSessionView>(r, 200));

/** The shopper's answer on the provider's page (3-D Secure, or the bank's app), as its form posts it. */
async function decide(redirectUrl: string, decision: "approve" | "refuse" | "time-out") {
  const url = new URL(redirectUrl, TEST_ORIGIN);
  const page = await api.request(url.pathname + url.search);
  expect(page.status).toBe(200);
  const secret = url.searchParams.get("secret") ?? "";
  const answer = await api.request(url.pathname, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ secret, decision }).toString(),
  });
  expect(answer.status).toBe(303);
  return { page: await page.text(), location: answer.headers.get("location") ?? "" };
}

describe("an order before its payment", () => {
  it("offers the methods of the delivery country: card and Bizum in Spain; card, MB WAY and Multibanco in Portugal", async () => {
    const spain = await pendingOrder("methods-es@example.com", 20);
    expect((await sessionOf(spain.shopper, spain.order.id)).methods).toEqual(["card", "bizum"]);
    const portugal = await pendingOrder("methods-pt@example.com", 20, lisbonAddress);
    const session = await sessionOf(portugal.shopper, portugal.order.id);
    expect(session).toMatchObject({
      provider: "test",
      methods: ["card", "mb_way", "multibanco"],
      status: "requires_payment_method",
    });
    expect(session.amountCents).toBe(portugal.order.totals.totalCents);
    const refused = await payOrderRaw(spain.shopper, spain.order.id, {
      method: "mb_way",
      phone: "+351912345678",
    });
    expect(refused.status).toBe(422);
  });

  it("keeps a declined card's order waiting, says why, and takes another card", async () => {
    const { shopper, order } = await pendingOrder("declined@example.com", 21);
    for (const [token, failure] of [
      ["tok_chargeDeclined", "card-declined"],
      // Told apart from a plain refusal only in the provider's records: card testers learn nothing.
      ["tok_insufficientFunds", "card-declined"],
      ["tok_processingError", "processing-error"],
    ] as const) {
      expect(await payOrder(shopper, order.id, { method: "card", token })).toMatchObject({
        status: "requires_payment_method",
        lastFailure: failure,
      });
      expect((await sessionOf(shopper, order.id)).lastFailure).toBe(failure);
      expect((await orderOf(shopper, order.id)).status).toBe("pendiente-pago");
    }
    await payOrder(shopper, order.id);
    expect(await orderOf(shopper, order.id)).toMatchObject({
      status: "pagado",
      payment: { lastFailure: null, method: "card" },
    });
    // Paid, it is not asked for again.
    expect((await shopper("GET", `/api/orders/${order.id}/payment`)).status).toBe(409);
  });

  it("asks 3-D Secure on the bank's page: refused, the order waits; approved, it is paid", async () => {
    const { shopper, order } = await pendingOrder("3ds@example.com", 22);
    const challenge: TestPayment = { method: "card", token: "tok_threeDSecure" };
    const first = await payOrder(shopper, order.id, challenge);
    expect(first).toMatchObject({ status: "requires_action" });
    const refused = await decide(first.redirectUrl ?? "", "refuse");
    expect(refused.page).toContain("3-D Secure");
    expect(refused.location).toBe(
      `/checkout/fin?pedido=${order.id}&payment_intent=${intentOf(first)}&redirect_status=failed`,
    );
    expect((await sessionOf(shopper, order.id)).lastFailure).toBe("authentication-failed");

    const second = await payOrder(shopper, order.id, challenge);
    const approved = await decide(second.redirectUrl ?? "", "approve");
    expect(approved.location).toContain("redirect_status=succeeded");
    const paid = await orderOf(shopper, order.id);
    expect(paid).toMatchObject({ status: "pagado", number: expect.stringMatching(/^\d{4}-\d{6}$/) });
    expect(paid.invoices.map((row) => row.kind)).toEqual(["invoice"]);
  });

  it("waits for Bizum's approval in the bank's app: refused or timed out, the order waits; approved, it is paid", async () => {
    const { shopper, order } = await pendingOrder("bizum@example.com", 23);
    const bizum: TestPayment = { method: "bizum", phone: "+34612345678" };
    for (const decision of ["refuse", "time-out"] as const) {
      const asked = await payOrder(shopper, order.id, bizum);
      expect((await decide(asked.redirectUrl ?? "", decision)).page).toContain("Bizum");
      expect((await sessionOf(shopper, order.id)).lastFailure).toBe("refused");
    }
    await decide((await payOrder(shopper, order.id, bizum)).redirectUrl ?? "", "approve");
    expect(await orderOf(shopper, order.id)).toMatchObject({
      status: "pagado",
      payment: { method: "bizum", cardLast4: "" },
    });
  });

  it("gives a Multibanco reference, mailed and shown until it is paid later", async () => {
    const { shopper, order } = await pendingOrder("multibanco@example.com", 24, lisbonAddress);
    const given = await payOrder(shopper, order.id, { method: "multibanco" });
    const reference = given.multibanco?.reference ?? "";
    expect(given.multibanco).toMatchObject({
      entity: expect.stringMatching(/^\d{5}$/),
      amountCents: order.totals.totalCents,
    });
    expect(reference).toMatch(/^\d{9}$/);
    const waiting = await orderOf(shopper, order.id);
    expect(waiting).toMatchObject({
      status: "pendiente-pago",
      payBy: given.multibanco?.expiresAt,
      payment: { multibanco: { reference } },
    });
    const [mail] = await api.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.key, `order:${order.id}:pendiente-pago`));
    expect(mail?.text).toContain(reference);

    // Paid at an ATM: in test mode, the operator's command says so (`npm run test-payments -- multibanco-paid`).
    const atm = (ref: string) =>
      api.request(`/api/operator/test-payments/multibanco/${ref}/paid`, {
        method: "POST",
        headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
      });
    expect((await atm("000000000")).status).toBe(404);
    expect(await body(await atm(reference), 200)).toEqual({ reference, status: "succeeded" });
    expect((await atm(reference)).status).toBe(404);
    expect(await orderOf(shopper, order.id)).toMatchObject({
      status: "pagado",
      payment: { method: "multibanco", multibanco: null },
    });
  });

  it("forgets a Multibanco reference the shopper left for a card, and waits no longer than for a card", async () => {
    const { shopper, order } = await pendingOrder("multibanco-then-card@example.com", 24, lisbonAddress);
    await payOrder(shopper, order.id, { method: "multibanco" });
    const asked = await payOrder(shopper, order.id, { method: "card", token: "tok_threeDSecure" });
    expect(asked).toMatchObject({ status: "requires_action", multibanco: null });
    await sessionOf(shopper, order.id);
    const waiting = await orderOf(shopper, order.id);
    expect(waiting.payment?.multibanco).toBeNull();
    expect(Date.parse(waiting.payBy ?? "")).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
  });
});

describe("unpaid orders", () => {
  it("expire after their time: the stock goes back, the shopper is told, a late payment is refused", async () => {
    const before = await stockOf(25);
    const { shopper, order } = await pendingOrder("abandoned@example.com", 25);
    const session = await sessionOf(shopper, order.id);
    expect(await stockOf(25)).toBe((before ?? 0) - 1);
    const early = await expireUnpaid(api.paying());
    expect(early.expired).toBe(0);
    const later = new Date(Date.parse(session.expiresAt) + 1000);
    expect((await expireUnpaid(api.paying(() => later))).expired).toBeGreaterThanOrEqual(1);
    expect(await orderOf(shopper, order.id)).toMatchObject({
      status: "caducado",
      number: null,
      payBy: null,
      payment: { status: "cancelled" },
    });
    expect(await stockOf(25)).toBe(before);
    const [mail] = await api.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.key, `order:${order.id}:caducado`));
    expect(mail?.text).toContain("no se te ha cobrado nada");
    const late = await payOrderWith(shopper, session);
    expect(late.status).toBe(409);
  });

  it("expire with their Multibanco reference, not before", async () => {
    const before = await stockOf(26);
    const { shopper, order } = await pendingOrder("multibanco-late@example.com", 26, lisbonAddress);
    const given = await payOrder(shopper, order.id, { method: "multibanco" });
    const halfHourOn = new Date(Date.now() + 31 * 60_000);
    await expireUnpaid(api.paying(() => halfHourOn));
    expect((await orderOf(shopper, order.id)).status).toBe("pendiente-pago");
    const voucherGone = new Date(Date.parse(given.multibanco?.expiresAt ?? "") + 1000);
    await expireUnpaid(api.paying(() => voucherGone));
    expect((await orderOf(shopper, order.id)).status).toBe("caducado");
    expect(await stockOf(26)).toBe(before);
    expect(await api.testPayments?.payMultibanco(given.multibanco?.reference ?? "")).toBeNull();
  });

  it("cancelled by the shopper before paying: stock back, the payment cancelled, no credit note", async () => {
    const before = await stockOf(27);
    const { shopper, order } = await pendingOrder("gave-up@example.com", 27);
    const session = await sessionOf(shopper, order.id);
    const cancelled = await body<OrderView>(await shopper("POST", `/api/orders/${order.id}/cancel`), 200);
    expect(cancelled).toMatchObject({ status: "cancelado", invoices: [], payment: { status: "cancelled" } });
    expect(await stockOf(27)).toBe(before);
    expect((await payOrderWith(shopper, session)).status).toBe(409);
  });
});

describe("the numbers' year (issue 31)", () => {
  it("follows Madrid's calendar: paid at 23:30 UTC on 31 December, the order and its invoice are the new year's", async () => {
    const { shopper, order } = await pendingOrder("new-year@example.com", 29);
    const session = await sessionOf(shopper, order.id);
    const state = {
      ...(await api.payments.readIntent(intentIdOf(session.clientSecret))),
      status: "succeeded" as const,
      method: "card" as const,
      cardLast4: "4242",
    };
    const newYearsEve = new Date("2026-12-31T23:30:00Z");
    expect(
      await applyIntent(
        api.paying(() => newYearsEve),
        state,
      ),
    ).toBe("paid");
    const [paid] = await api.database.db.select().from(shopOrder).where(eq(shopOrder.id, order.id));
    expect(paid?.number).toMatch(/^2027-\d{6}$/);
    const [issued] = await api.database.db.select().from(invoice).where(eq(invoice.orderId, order.id));
    expect(issued?.number).toContain("2027");
    expect(issued?.issuedAt.toISOString()).toBe(newYearsEve.toISOString());
  });
});

describe("the provider's news", () => {
  it("is applied once, in any order, and never when its amount, currency or order are not the order's", async () => {
    const { shopper, order } = await pendingOrder("news@example.com", 28);
    const session = await sessionOf(shopper, order.id);
    const reference = intentIdOf(session.clientSecret);
    const state = {
      ...(await api.payments.readIntent(reference)),
      status: "succeeded" as const,
      method: "card" as const,
      cardLast4: "4242",
    };
    const paying = api.paying();
    expect(await applyIntent(paying, { ...state, amountCents: state.amountCents - 1 })).toBe("refused");
    expect(await applyIntent(paying, { ...state, currency: "usd" })).toBe("refused");
    const other = await pendingOrder("news-other@example.com", 28);
    expect(await applyIntent(paying, { ...state, orderId: other.order.id })).toBe("refused");
    expect(await applyIntent(paying, { ...state, reference: "tpi_000000000000000000000000" })).toBe(
      "refused",
    );
    expect((await orderOf(shopper, order.id)).status).toBe("pendiente-pago");

    expect(await applyIntent(paying, state)).toBe("paid");
    expect(await applyIntent(paying, state)).toBe("unchanged");
    // A refusal or a cancellation told after the payment changes nothing.
    expect(
      await applyIntent(paying, {
        ...state,
        status: "requires_payment_method",
        lastFailure: "card-declined",
      }),
    ).toBe("unchanged");
    expect(await applyIntent(paying, { ...state, status: "canceled" })).toBe("unchanged");
    const paid = await orderOf(shopper, order.id);
    expect(paid).toMatchObject({ status: "pagado", payment: { status: "captured", lastFailure: null } });
    const invoices = await api.database.db.select().from(invoice).where(eq(invoice.orderId, order.id));
    expect(invoices).toHaveLength(1);
  });

  it("of money taken after the order expired gives it back", async () => {
    const { shopper, order } = await pendingOrder("too-late@example.com", 29);
    const session = await sessionOf(shopper, order.id);
    const later = new Date(Date.parse(session.expiresAt) + 1000);
    await expireUnpaid(api.paying(() => later));
    // The provider took the money all the same (a reference paid at an ATM as it expired).
    const reference = intentIdOf(session.clientSecret);
    await api.database.db
      .update(testPaymentIntent)
      .set({ status: "succeeded" })
      .where(eq(testPaymentIntent.id, reference));
    const state = await api.payments.readIntent(reference);
    expect(await applyIntent(api.paying(), state)).toBe("refund-owed");
    expect(await orderOf(shopper, order.id)).toMatchObject({
      status: "caducado",
      payment: { status: "refunded" },
    });
  });
});

const intentIdOf = (clientSecret: string) => clientSecret.split("_secret_")[0] ?? "";
const intentOf = (answer: TestConfirmAnswer) =>
  new URL(answer.redirectUrl ?? "", TEST_ORIGIN).pathname.split("/")[2];

/** A confirmation the provider may refuse: its raw answer. */
async function payOrderRaw(shopper: Shopper, orderId: string, how: TestPayment) {
  return payOrderWith(shopper, await sessionOf(shopper, orderId), how);
}

async function payOrderWith(
  shopper: Shopper,
  session: PaymentSessionView,
  how: TestPayment = { method: "card", token: "tok_visa" },
) {
  const returnUrl = `${TEST_ORIGIN}/checkout/fin?pedido=${session.orderId}`;
  const extra = how.method === "card" ? { last4: "4242" } : {};
  return shopper("POST", `/api/payments/test/intents/${intentIdOf(session.clientSecret)}/confirm`, {
    ...how,
    ...extra,
    clientSecret: session.clientSecret,
    returnUrl,
  });
}
