import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { backOfficeOrderApi } from "#shared/api/back-office-order-contract.ts";
import type { OrderView } from "#shared/api/order-contract.ts";
import type { PaymentSessionView } from "#shared/api/payment-contract.ts";
import { invoice, mailOutbox, orderEvent, payment, productStock, refund } from "../db/schema.ts";
import { expireUnpaid } from "../orders/expire-unpaid.ts";
import { actedOn, signedInStaff } from "../testing/back-office-staff.ts";
import { lisbonAddress } from "../testing/order-fixtures.ts";
import { type StripeStandIn, startStripeStandIn } from "../testing/stripe-stand-in.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import {
  body,
  madridAddress,
  orderRequest,
  quote,
  type Shopper,
  shopperWithCart,
} from "../testing/test-orders.ts";
import { paymentsFromEnv } from "./payments-from-env.ts";

/**
 * Paying orders through Stripe (issue 27, decision 034), against the local stand-in of Stripe's
 * API: the shop creates the PaymentIntent, the browser confirms it as Stripe.js does (publishable
 * key and client secret, never through the shop), the shopper's steps elsewhere (3-D Secure, the
 * bank's app, an ATM) are the stand-in's, and its signed events reach the app through the webhook.
 */

const WEBHOOK_SECRET = "whsec_test_secret_for_the_shop";
const WEBHOOK_PATH = "/api/payments/stripe/webhook";

type Shop = { api: TestApi; standIn: StripeStandIn };

/** The shop with Stripe chosen from its environment, and the stand-in delivering its events into it. */
async function openShop(autoDeliver = true): Promise<Shop> {
  const standIn = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET, autoDeliver });
  const choice = paymentsFromEnv({
    NODE_ENV: "production",
    STRIPE_SECRET_KEY: "sk_test_shop",
    STRIPE_PUBLISHABLE_KEY: "pk_test_shop",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: standIn.url,
  });
  if (choice.kind !== "stripe") throw new Error("Stripe was not chosen");
  const api = await createTestApi({ payments: choice });
  standIn.setWebhook(`${TEST_ORIGIN}${WEBHOOK_PATH}`, (request) => api.fetch(request));
  return { api, standIn };
}

async function closeShop(shop: Shop | undefined) {
  await shop?.standIn.close();
  await shop?.api.close();
}

/** A shopper's order awaiting payment: one unit of `productId`, delivered in Spain or Portugal. */
async function placeOrder({ api }: Shop, email: string, country: "ES" | "PT" = "ES", productId = 1) {
  const address = country === "PT" ? lisbonAddress : madridAddress;
  const { shopper, addressId } = await shopperWithCart(api, email, { [productId]: 1 }, address);
  const { totals } = await quote(shopper, addressId);
  const request = orderRequest(addressId, totals.totalCents);
  const order = await body<OrderView>(await shopper("POST", "/api/orders", request), 201);
  expect(order).toMatchObject({ status: "pendiente-pago", number: null });
  return { shopper, order, request };
}

const orderOf = async (shopper: Shopper, id: string) =>
  body<OrderView>(await shopper("GET", `/api/orders/${id}`), 200);
const sessionOf = async (shopper: Shopper, id: string) =>
  body<PaymentSessionView>(await shopper("GET", `/api/orders/${id}/payment`), 200);

/** The PaymentIntent's id: its client secret up to `_secret_`, as Stripe.js reads it. */
const intentIdOf = (view: PaymentSessionView) => view.clientSecret.split("_secret_")[0] ?? "";

/**
 * What Stripe.js does in the browser, as plain HTTP: the confirmation goes straight to Stripe with
 * the publishable key and the client secret the shop's payment session answered.
 */
async function confirmAsStripeJs(
  { standIn }: Shop,
  view: PaymentSessionView,
  fields: Record<string, string>,
) {
  const response = await fetch(`${standIn.url}/v1/payment_intents/${intentIdOf(view)}/confirm`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      key: view.publishableKey ?? "",
      client_secret: view.clientSecret,
      return_url: `${TEST_ORIGIN}/checkout/fin?pedido=${view.orderId}`,
      ...fields,
    }).toString(),
  });
  return { status: response.status, body: stripeJsAnswerSchema.parse(await response.json()) };
}

/** What Stripe's confirm answers Stripe.js: the intent, or an error naming it (the fields read here). */
const stripeJsAnswerSchema = z.object({
  status: z.string().nullish(),
  metadata: z.unknown().nullish(),
  next_action: z
    .object({
      type: z.string(),
      redirect_to_url: z.object({ url: z.string() }).nullish(),
      multibanco_display_details: z
        .object({
          entity: z.string(),
          reference: z.string(),
          expires_at: z.number(),
          hosted_voucher_url: z.string().nullable(),
        })
        .nullish(),
    })
    .nullish(),
  error: z
    .object({ code: z.string().nullish(), payment_intent: z.object({ status: z.string() }).nullish() })
    .nullish(),
});

/** The shopper's answer on the stand-in's page (3-D Secure, the bank's app), as its form posts it. */
async function decide({ standIn }: Shop, intentId: string, action: "approve" | "refuse" | "expire") {
  const response = await fetch(`${standIn.url}/stand-in/intents/${intentId}/${action}`, { method: "POST" });
  return body<{ id: string; status: string; returnUrl: string | null }>(response, 200);
}

const card = (id: string) => ({ payment_method: id });
const bizum = {
  "payment_method_data[type]": "bizum",
  "payment_method_data[billing_details][phone]": "+34612345678",
};
const mbWay = {
  "payment_method_data[type]": "mb_way",
  "payment_method_data[billing_details][phone]": "+351912345678",
};
const multibanco = {
  "payment_method_data[type]": "multibanco",
  "payment_method_data[billing_details][email]": "comprador@example.com",
};

/** The PaymentIntents the shop asked Stripe to create for an order. */
const createRequests = ({ standIn }: Shop, orderId: string) =>
  standIn.requests.filter(
    (call) =>
      call.method === "POST" &&
      call.path === "/v1/payment_intents" &&
      call.params.get("metadata[order_id]") === orderId,
  );

const eventsOf = ({ standIn }: Shop, intentId: string, type?: string) =>
  standIn.events.filter((event) => event.intentId === intentId && (!type || event.type === type));

const stockOf = async ({ api }: Shop, productId: number) =>
  (await api.database.db.select().from(productStock).where(eq(productStock.productId, productId)))[0]
    ?.available;

/** What the order holds in the database: its invoices, its history and its mails. */
async function recordsOf({ api }: Shop, orderId: string) {
  const db = api.database.db;
  const invoices = await db.select().from(invoice).where(eq(invoice.orderId, orderId));
  const history = await db.select().from(orderEvent).where(eq(orderEvent.orderId, orderId));
  const [row] = await db.select().from(payment).where(eq(payment.orderId, orderId));
  const paidMails = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.key, `order:${orderId}:pagado`));
  return { invoices, history, payment: row, paidMails };
}

const ORDER_NUMBER = /^\d{4}-\d{6}$/;

describe("paying an order through Stripe, its events delivered as they happen", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop();
  });
  afterAll(() => closeShop(shop));

  it("creates the order's PaymentIntent on the server: amount, euros, the order id, Spain's methods, the order's own key", async () => {
    const { shopper, order, request } = await placeOrder(shop, "stripe-create@example.com");
    const [created, ...more] = createRequests(shop, order.id);
    expect(more).toEqual([]);
    expect(created?.key).toBe("secret");
    const params = created?.params;
    expect(params?.get("amount")).toBe(String(order.totals.totalCents));
    expect(params?.get("currency")).toBe("eur");
    expect(params?.getAll("allowed_payment_method_types[0]")).toEqual(["card"]);
    expect(params?.getAll("allowed_payment_method_types[1]")).toEqual(["bizum"]);
    expect(params?.has("allowed_payment_method_types[2]")).toBe(false);
    expect(params?.has("confirm")).toBe(false);
    expect(params?.has("payment_method_types[0]")).toBe(false);
    // Made by the server from the order, not the browser's checkout key: one intent per order.
    expect(created?.idempotencyKey).toBe(`order-${order.id}`);
    expect(created?.idempotencyKey).not.toContain(request.idempotencyKey);

    const view = await sessionOf(shopper, order.id);
    const reference = intentIdOf(view);
    expect(view).toMatchObject({
      orderId: order.id,
      provider: "stripe",
      publishableKey: "pk_test_shop",
      clientSecret: shop.standIn.intents.get(reference)?.clientSecret,
      status: "requires_payment_method",
      methods: ["card", "bizum"],
      amountCents: order.totals.totalCents,
      lastFailure: null,
      multibanco: null,
    });
    expect(shop.standIn.intents.get(reference)).toMatchObject({
      amount: order.totals.totalCents,
      currency: "eur",
      metadata: { order_id: order.id },
      methods: ["card", "bizum"],
    });
    // Asked again (the page reloaded), the same intent: nothing new at Stripe.
    expect((await sessionOf(shopper, order.id)).clientSecret).toBe(view.clientSecret);
    expect(createRequests(shop, order.id)).toHaveLength(1);

    // Only Spain's methods: Stripe itself refuses MB WAY on this intent.
    const mbWayTried = await confirmAsStripeJs(shop, view, mbWay);
    expect(mbWayTried.status).toBe(400);
    expect(mbWayTried.body.error?.code).toBe("payment_intent_incompatible_payment_method");
  });

  it("offers Portugal's methods on a Portuguese order: card, MB WAY and Multibanco", async () => {
    const { shopper, order } = await placeOrder(shop, "stripe-create-pt@example.com", "PT");
    const [created] = createRequests(shop, order.id);
    const allowed = [0, 1, 2, 3].map((i) => created?.params.get(`allowed_payment_method_types[${i}]`));
    expect(allowed).toEqual(["card", "mb_way", "multibanco", null]);
    expect((await sessionOf(shopper, order.id)).methods).toEqual(["card", "mb_way", "multibanco"]);
    const view = await sessionOf(shopper, order.id);
    expect((await confirmAsStripeJs(shop, view, bizum)).body.error?.code).toBe(
      "payment_intent_incompatible_payment_method",
    );
  });

  it("is paid by card in the browser: the webhook numbers, invoices and mails it, with the card read back from Stripe", async () => {
    const before = await stockOf(shop, 2);
    const { shopper, order } = await placeOrder(shop, "stripe-card@example.com", "ES", 2);
    const view = await sessionOf(shopper, order.id);
    const reference = intentIdOf(view);
    const confirmed = await confirmAsStripeJs(shop, view, card("pm_card_visa"));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe("succeeded");
    // Stripe.js's view of the intent leaves the server's metadata out.
    expect(confirmed.body.metadata).toBeUndefined();
    await shop.standIn.settled();

    const [succeeded] = eventsOf(shop, reference, "payment_intent.succeeded");
    expect(succeeded?.deliveries).toEqual([200]);
    // The event names the card only by id: its last four digits come from reading the intent.
    expect(typeof succeeded?.object.payment_method).toBe("string");
    const paid = await orderOf(shopper, order.id);
    expect(paid).toMatchObject({
      status: "pagado",
      number: expect.stringMatching(ORDER_NUMBER),
      payBy: null,
      payment: {
        provider: "stripe",
        method: "card",
        cardLast4: "4242",
        status: "captured",
        lastFailure: null,
        multibanco: null,
      },
    });
    expect(paid.invoices.map((row) => row.kind)).toEqual(["invoice"]);
    const records = await recordsOf(shop, order.id);
    expect(records.paidMails).toHaveLength(1);
    expect(records.payment?.confirmedAt).toBeInstanceOf(Date);
    expect(await stockOf(shop, 2)).toBe((before ?? 0) - 1);
    // Paid, it is not asked for again.
    expect((await shopper("GET", `/api/orders/${order.id}/payment`)).status).toBe(409);

    // The shop never confirmed anything itself, and no card number went anywhere but Stripe.js's call.
    const mine = shop.standIn.requests.filter((call) => call.path.includes(reference));
    expect(mine.filter((call) => call.path.endsWith("/confirm")).map((call) => call.key)).toEqual([
      "publishable",
    ]);
    for (const call of shop.standIn.requests) {
      for (const [, value] of call.params) expect(value).not.toMatch(/\b\d{13,19}\b/);
    }
  });

  it.each([
    ["pm_card_chargeDeclined", "card-declined"],
    // Told apart from a plain decline only at Stripe: card testers learn nothing.
    ["pm_card_chargeDeclinedInsufficientFunds", "card-declined"],
    // A shopper's mistyped or expired card: the same message as a decline.
    ["pm_card_chargeDeclinedExpiredCard", "card-declined"],
    ["pm_card_chargeDeclinedIncorrectCvc", "card-declined"],
    ["pm_card_chargeDeclinedProcessingError", "processing-error"],
  ])(
    "keeps the order waiting when Stripe answers %s, says %s, and takes another card on the same intent",
    async (method, failure) => {
      const { shopper, order } = await placeOrder(shop, `stripe-${method}@example.com`);
      const view = await sessionOf(shopper, order.id);
      const refused = await confirmAsStripeJs(shop, view, card(method));
      expect(refused.status).toBe(402);
      expect(refused.body.error?.payment_intent?.status).toBe("requires_payment_method");
      await shop.standIn.settled();
      expect(eventsOf(shop, intentIdOf(view), "payment_intent.payment_failed")[0]?.deliveries).toEqual([200]);

      // The webhook told the order (read from the database, not from Stripe).
      const waiting = await orderOf(shopper, order.id);
      expect(waiting).toMatchObject({
        status: "pendiente-pago",
        number: null,
        invoices: [],
        payment: { status: "pending", method: "card", lastFailure: failure },
      });
      expect((await recordsOf(shop, order.id)).paidMails).toEqual([]);
      expect(await sessionOf(shopper, order.id)).toMatchObject({
        status: "requires_payment_method",
        lastFailure: failure,
      });

      expect((await confirmAsStripeJs(shop, view, card("pm_card_mastercard"))).status).toBe(200);
      await shop.standIn.settled();
      expect(await orderOf(shopper, order.id)).toMatchObject({
        status: "pagado",
        payment: { method: "card", cardLast4: "4444", lastFailure: null },
      });
      expect(createRequests(shop, order.id)).toHaveLength(1);
    },
  );

  it("asks 3-D Secure on the bank's page: refused, the order waits; approved, it is paid", async () => {
    const { shopper, order } = await placeOrder(shop, "stripe-3ds@example.com");
    const view = await sessionOf(shopper, order.id);
    const reference = intentIdOf(view);
    const asked = await confirmAsStripeJs(shop, view, card("pm_card_threeDSecure2Required"));
    expect(asked.body.status).toBe("requires_action");
    const challenge = asked.body.next_action?.redirect_to_url?.url ?? "";
    expect(challenge.startsWith(shop.standIn.url)).toBe(true);
    const page = await fetch(challenge);
    expect(await page.text()).toContain("3-D Secure");
    await shop.standIn.settled();
    expect(await sessionOf(shopper, order.id)).toMatchObject({ status: "requires_action", multibanco: null });
    expect((await orderOf(shopper, order.id)).status).toBe("pendiente-pago");

    const refused = await decide(shop, reference, "refuse");
    expect(new URL(refused.returnUrl ?? "").searchParams.get("redirect_status")).toBe("failed");
    await shop.standIn.settled();
    expect((await orderOf(shopper, order.id)).payment).toMatchObject({
      status: "pending",
      lastFailure: "authentication-failed",
    });
    expect(await sessionOf(shopper, order.id)).toMatchObject({
      status: "requires_payment_method",
      lastFailure: "authentication-failed",
    });

    expect((await confirmAsStripeJs(shop, view, card("pm_card_threeDSecure2Required"))).body.status).toBe(
      "requires_action",
    );
    const approved = await decide(shop, reference, "approve");
    const back = new URL(approved.returnUrl ?? "");
    expect(back.origin + back.pathname).toBe(`${TEST_ORIGIN}/checkout/fin`);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      pedido: order.id,
      payment_intent: reference,
      payment_intent_client_secret: view.clientSecret,
      redirect_status: "succeeded",
    });
    await shop.standIn.settled();
    expect(await orderOf(shopper, order.id)).toMatchObject({
      status: "pagado",
      number: expect.stringMatching(ORDER_NUMBER),
      payment: { method: "card", cardLast4: "3220", lastFailure: null },
    });
  });

  it("waits for Bizum's approval in the bank's app: refused or timed out, the order waits; approved, it is paid", async () => {
    const { shopper, order } = await placeOrder(shop, "stripe-bizum@example.com");
    const view = await sessionOf(shopper, order.id);
    const reference = intentIdOf(view);
    for (const action of ["refuse", "expire"] as const) {
      const asked = await confirmAsStripeJs(shop, view, bizum);
      expect(asked.body.status).toBe("requires_action");
      expect(await (await fetch(asked.body.next_action?.redirect_to_url?.url ?? "")).text()).toContain(
        "Bizum",
      );
      await decide(shop, reference, action);
      await shop.standIn.settled();
      expect((await orderOf(shopper, order.id)).payment).toMatchObject({
        status: "pending",
        method: "bizum",
        lastFailure: "refused",
      });
      expect((await sessionOf(shopper, order.id)).lastFailure).toBe("refused");
    }
    await confirmAsStripeJs(shop, view, bizum);
    await decide(shop, reference, "approve");
    await shop.standIn.settled();
    expect(await orderOf(shopper, order.id)).toMatchObject({
      status: "pagado",
      number: expect.stringMatching(ORDER_NUMBER),
      payment: { method: "bizum", cardLast4: "", lastFailure: null },
    });
  });

  it("waits for MB WAY's approval in the bank's app on a Portuguese order", async () => {
    const { shopper, order } = await placeOrder(shop, "stripe-mbway@example.com", "PT");
    const view = await sessionOf(shopper, order.id);
    await confirmAsStripeJs(shop, view, mbWay);
    await decide(shop, intentIdOf(view), "refuse");
    await shop.standIn.settled();
    expect((await orderOf(shopper, order.id)).payment).toMatchObject({ lastFailure: "refused" });
    await confirmAsStripeJs(shop, view, mbWay);
    await decide(shop, intentIdOf(view), "approve");
    await shop.standIn.settled();
    expect(await orderOf(shopper, order.id)).toMatchObject({
      status: "pagado",
      payment: { method: "mb_way", cardLast4: "" },
    });
  });

  it("shows a Multibanco reference (session and order), mails it, and is paid when the reference is", async () => {
    const { shopper, order } = await placeOrder(shop, "stripe-multibanco@example.com", "PT");
    const view = await sessionOf(shopper, order.id);
    const reference = intentIdOf(view);
    const given = await confirmAsStripeJs(shop, view, multibanco);
    expect(given.body.status).toBe("requires_action");
    expect(given.body.next_action?.type).toBe("multibanco_display_details");
    const shown = given.body.next_action?.multibanco_display_details;
    if (!shown) throw new Error("No Multibanco details");
    await shop.standIn.settled();

    const expected = {
      entity: "12345",
      reference: shown.reference,
      amountCents: order.totals.totalCents,
      expiresAt: new Date(shown.expires_at * 1000).toISOString(),
      voucherUrl: `${shop.standIn.url}/stand-in/vouchers/${reference}`,
    };
    expect(shown.reference).toMatch(/^\d{9}$/);
    expect(Date.parse(expected.expiresAt) - Date.now()).toBeGreaterThan(2.9 * 24 * 3600_000);
    // The order holds it (read from the database: the webhook brought it), and waits for it.
    expect(await orderOf(shopper, order.id)).toMatchObject({
      status: "pendiente-pago",
      payBy: expected.expiresAt,
      payment: { status: "pending", method: "multibanco", multibanco: expected },
    });
    expect(await sessionOf(shopper, order.id)).toMatchObject({
      status: "requires_action",
      multibanco: expected,
      expiresAt: expected.expiresAt,
    });
    const [mail] = await shop.api.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.key, `order:${order.id}:pendiente-pago`));
    expect(mail?.text).toContain(shown.reference);

    shop.standIn.pay(reference);
    await shop.standIn.settled();
    expect(await orderOf(shopper, order.id)).toMatchObject({
      status: "pagado",
      number: expect.stringMatching(ORDER_NUMBER),
      payBy: null,
      payment: { status: "captured", method: "multibanco", multibanco: null },
    });
  });

  it("lets an unpaid Multibanco reference expire: the order is cancelled at Stripe, becomes caducado, its stock back", async () => {
    const before = await stockOf(shop, 3);
    const { shopper, order } = await placeOrder(shop, "stripe-multibanco-expired@example.com", "PT", 3);
    const view = await sessionOf(shopper, order.id);
    const reference = intentIdOf(view);
    await confirmAsStripeJs(shop, view, multibanco);
    await shop.standIn.settled();
    expect(await stockOf(shop, 3)).toBe((before ?? 0) - 1);
    const { payBy } = await orderOf(shopper, order.id);
    // The order's own half hour is over, not the reference's three days: it waits.
    await expireUnpaid(shop.api.paying(() => new Date(Date.now() + 31 * 60_000)));
    expect((await orderOf(shopper, order.id)).status).toBe("pendiente-pago");

    // Stripe: the voucher expired unpaid.
    shop.standIn.expire(reference);
    await shop.standIn.settled();
    expect(eventsOf(shop, reference).at(-1)?.type).toBe("payment_intent.payment_failed");
    expect(await orderOf(shopper, order.id)).toMatchObject({
      status: "pendiente-pago",
      payment: { status: "pending", multibanco: null, lastFailure: "refused" },
    });

    // The shop's sweep, past the time to pay: the intent is cancelled at Stripe, the order expires.
    const outcome = await expireUnpaid(shop.api.paying(() => new Date(Date.parse(payBy ?? "") + 1000)));
    // Stripe sends payment_intent.canceled as soon as it has answered the cancel: the sweep's own
    // reading of that answer and the event race for the order's lock, and whichever is first
    // expires it (the sweep then counts 0). Either way it expires once, as checked below.
    expect(outcome).toMatchObject({ failed: 0 });
    expect(outcome.expired).toBeLessThanOrEqual(1);
    const cancels = shop.standIn.requests.filter(
      (call) => call.path === `/v1/payment_intents/${reference}/cancel`,
    );
    expect(cancels.map((call) => call.key)).toEqual(["secret"]);
    expect(shop.standIn.intents.get(reference)?.status).toBe("canceled");
    await shop.standIn.settled();
    const expired = await orderOf(shopper, order.id);
    expect(expired).toMatchObject({
      status: "caducado",
      number: null,
      payBy: null,
      invoices: [],
      payment: { status: "cancelled" },
    });
    // Its payment_intent.canceled event is taken once, and the order expired once.
    expect(eventsOf(shop, reference, "payment_intent.canceled")[0]?.deliveries).toEqual([200]);
    expect(expired.history.filter((step) => step.status === "caducado")).toHaveLength(1);
    expect(await stockOf(shop, 3)).toBe(before);
    expect((await shopper("GET", `/api/orders/${order.id}/payment`)).status).toBe(409);
  });

  it("applies a webhook delivered again once: one number, one invoice, one mail", async () => {
    const { shopper, order } = await placeOrder(shop, "stripe-replayed@example.com");
    const view = await sessionOf(shopper, order.id);
    await confirmAsStripeJs(shop, view, card("pm_card_visa"));
    await shop.standIn.settled();
    const paid = await orderOf(shopper, order.id);
    expect(paid.status).toBe("pagado");
    const [succeeded] = eventsOf(shop, intentIdOf(view), "payment_intent.succeeded");
    for (let i = 0; i < 2; i++) {
      expect(await shop.standIn.deliver(succeeded?.id ?? "")).toEqual({
        status: 200,
        body: { received: true },
      });
    }
    expect(succeeded?.deliveries).toEqual([200, 200, 200]);
    const again = await orderOf(shopper, order.id);
    expect(again.number).toBe(paid.number);
    const records = await recordsOf(shop, order.id);
    expect(records.invoices).toHaveLength(1);
    expect(records.paidMails).toHaveLength(1);
    expect(records.history.filter((step) => step.status === "pagado")).toHaveLength(1);
  });

  it.each(["amount", "currency"] as const)(
    "ignores an event whose intent at Stripe has another %s than the order's, and applies it once it fits",
    async (field) => {
      const { shopper, order } = await placeOrder(shop, `stripe-forged-${field}@example.com`);
      const view = await sessionOf(shopper, order.id);
      const intent = shop.standIn.intents.get(intentIdOf(view));
      if (!intent) throw new Error("No intent at the stand-in");
      // The intent as Stripe holds it no longer matches the order (each event is read afresh).
      if (field === "amount") intent.amount = order.totals.totalCents - 1;
      else intent.currency = "usd";
      expect((await confirmAsStripeJs(shop, view, card("pm_card_visa"))).body.status).toBe("succeeded");
      await shop.standIn.settled();
      const [succeeded] = eventsOf(shop, intent.id, "payment_intent.succeeded");
      // Answered 200: an event that will never fit is not worth Stripe's retries.
      expect(succeeded?.deliveries).toEqual([200]);
      expect(await orderOf(shopper, order.id)).toMatchObject({
        status: "pendiente-pago",
        number: null,
        invoices: [],
        payment: { status: "pending" },
      });
      // The same event, once the intent at Stripe is the order's again, pays it: only the mismatch stopped it.
      intent.amount = order.totals.totalCents;
      intent.currency = "eur";
      expect((await shop.standIn.deliver(succeeded?.id ?? "")).status).toBe(200);
      expect((await orderOf(shopper, order.id)).status).toBe("pagado");
    },
  );

  it("ignores an event whose intent at Stripe names another order, and pays neither", async () => {
    const a = await placeOrder(shop, "stripe-foreign-a@example.com");
    const b = await placeOrder(shop, "stripe-foreign-b@example.com");
    const viewA = await sessionOf(a.shopper, a.order.id);
    const intent = shop.standIn.intents.get(intentIdOf(viewA));
    if (!intent) throw new Error("No intent at the stand-in");
    intent.metadata = { order_id: b.order.id };
    expect((await confirmAsStripeJs(shop, viewA, card("pm_card_visa"))).body.status).toBe("succeeded");
    await shop.standIn.settled();
    const [succeeded] = eventsOf(shop, intent.id, "payment_intent.succeeded");
    expect(succeeded?.deliveries).toEqual([200]);
    for (const { shopper, order } of [a, b]) {
      expect(await orderOf(shopper, order.id)).toMatchObject({ status: "pendiente-pago", number: null });
    }
    // Its own order id back, the same event pays A, and A only.
    intent.metadata = { order_id: a.order.id };
    expect((await shop.standIn.deliver(succeeded?.id ?? "")).status).toBe(200);
    expect((await orderOf(a.shopper, a.order.id)).status).toBe("pagado");
    expect((await orderOf(b.shopper, b.order.id)).status).toBe("pendiente-pago");
  });

  it("believes no signed event over Stripe: a succeeded event for an intent not paid at Stripe changes nothing", async () => {
    const { shopper, order } = await placeOrder(shop, "stripe-event-lies@example.com");
    const view = await sessionOf(shopper, order.id);
    const sent = await shop.standIn.sendEvent("payment_intent.succeeded", intentIdOf(view), {
      status: "succeeded",
      amount_received: order.totals.totalCents,
    });
    expect(sent.status).toBe(200);
    expect(await orderOf(shopper, order.id)).toMatchObject({ status: "pendiente-pago", number: null });
  });

  it("refuses an unsigned, wrongly signed or stale event with 400, and changes nothing", async () => {
    const { shopper, order } = await placeOrder(shop, "stripe-signature@example.com");
    const view = await sessionOf(shopper, order.id);
    const reference = intentIdOf(view);
    // Paid at Stripe, its event not heard yet: only a well signed one may tell the shop.
    shop.standIn.setWebhook(null);
    await confirmAsStripeJs(shop, view, card("pm_card_visa"));
    await shop.standIn.settled();
    shop.standIn.setWebhook(`${TEST_ORIGIN}${WEBHOOK_PATH}`, (request) => shop.api.fetch(request));
    const [succeeded] = eventsOf(shop, reference, "payment_intent.succeeded");
    if (!succeeded) throw new Error("No succeeded event");

    const unsigned = await shop.api.request(WEBHOOK_PATH, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: succeeded.payload,
    });
    expect(await body(unsigned, 400)).toMatchObject({ error: { code: "signature-missing" } });
    expect(await shop.standIn.deliver(succeeded.id, { secret: "whsec_someone_else" })).toMatchObject({
      status: 400,
      body: { error: { code: "signature-invalid" } },
    });
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect(await shop.standIn.deliver(succeeded.id, { timestamp: tenMinutesAgo })).toMatchObject({
      status: 400,
      body: { error: { code: "signature-invalid" } },
    });
    expect((await orderOf(shopper, order.id)).status).toBe("pendiente-pago");

    expect(await shop.standIn.deliver(succeeded.id)).toEqual({ status: 200, body: { received: true } });
    expect((await orderOf(shopper, order.id)).status).toBe("pagado");
  });

  it("refunds the whole total through Stripe when a paid order is cancelled, under a key of the shop's", async () => {
    const before = await stockOf(shop, 4);
    const { shopper, order } = await placeOrder(shop, "stripe-refund@example.com", "ES", 4);
    const view = await sessionOf(shopper, order.id);
    const reference = intentIdOf(view);
    await confirmAsStripeJs(shop, view, card("pm_card_visa"));
    await shop.standIn.settled();
    expect((await orderOf(shopper, order.id)).status).toBe("pagado");
    const paymentId = (await recordsOf(shop, order.id)).payment?.id;

    const cancelled = await body<OrderView>(await shopper("POST", `/api/orders/${order.id}/cancel`), 200);
    expect(cancelled).toMatchObject({ status: "cancelado", payment: { status: "refunded" } });
    expect(cancelled.invoices.map((row) => row.kind).sort()).toEqual(["credit-note", "invoice"]);
    const refunds = shop.standIn.requests.filter((call) => call.path === "/v1/refunds");
    const mine = refunds.filter((call) => call.params.get("payment_intent") === reference);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.key).toBe("secret");
    expect(mine[0]?.params.get("amount")).toBe(String(order.totals.totalCents));
    expect(mine[0]?.idempotencyKey).toBe(`refund-${paymentId}`);
    expect(shop.standIn.intents.get(reference)?.refunded).toBe(order.totals.totalCents);
    expect(await stockOf(shop, 4)).toBe(before);

    // The refund's event is no intent's: received, nothing changes.
    await shop.standIn.settled();
    expect(eventsOf(shop, reference, "charge.refunded")[0]?.deliveries).toEqual([200]);
    expect((await orderOf(shopper, order.id)).status).toBe("cancelado");
    // Asked again under the same key (a retry of the settlement), Stripe refunds nothing more.
    await shop.api.payments.refund(reference, order.totals.totalCents, `refund-${paymentId}`);
    expect(shop.standIn.intents.get(reference)?.refunded).toBe(order.totals.totalCents);
    // The shopper cancelling again is told it is done; Stripe is not asked again.
    expect((await body<OrderView>(await shopper("POST", `/api/orders/${order.id}/cancel`), 200)).status).toBe(
      "cancelado",
    );
    const asked = shop.standIn.requests.filter((call) => call.params.get("payment_intent") === reference);
    expect(asked).toHaveLength(2);
  });

  it("refunds a line through Stripe under the refund's key, then only what is left when the order is cancelled", async () => {
    const { shopper, order } = await placeOrder(shop, "stripe-by-line@example.com", "ES", 6);
    const view = await sessionOf(shopper, order.id);
    const reference = intentIdOf(view);
    await confirmAsStripeJs(shop, view, card("pm_card_visa"));
    await shop.standIn.settled();
    const paid = await orderOf(shopper, order.id);
    const number = paid.number ?? "";
    // Refunded and cancelled from the back office, by a staff member (decision 047).
    const staff = await signedInStaff(shop.api, "stripe.staff@example.com");
    const lineCents = paid.lines[0]?.totalCents ?? 0;
    await actedOn(
      await staff.post(backOfficeOrderApi.action(number, "refund"), {
        lines: [{ position: 0, quantity: 1 }],
      }),
      201,
    );
    const [byLine] = await shop.api.database.db.select().from(refund).where(eq(refund.orderId, order.id));
    const asked = () =>
      shop.standIn.requests.filter((call) => call.params.get("payment_intent") === reference);
    expect(asked().map((call) => [call.params.get("amount"), call.idempotencyKey])).toEqual([
      [String(lineCents), `refund-${byLine?.id}`],
    ]);
    expect(byLine?.status).toBe("refunded");

    expect((await actedOn(await staff.post(backOfficeOrderApi.action(number, "cancel"), {}))).status).toBe(
      "cancelado",
    );
    const paymentId = (await recordsOf(shop, order.id)).payment?.id;
    expect(asked().map((call) => [call.params.get("amount"), call.idempotencyKey])).toEqual([
      [String(lineCents), `refund-${byLine?.id}`],
      [String(paid.totals.totalCents - lineCents), `refund-${paymentId}`],
    ]);
    expect(shop.standIn.intents.get(reference)?.refunded).toBe(paid.totals.totalCents);
    expect((await orderOf(shopper, order.id)).payment?.status).toBe("refunded");
  });

  it("cancels the PaymentIntent at Stripe when the shopper cancels an unpaid order", async () => {
    const before = await stockOf(shop, 5);
    const { shopper, order } = await placeOrder(shop, "stripe-gave-up@example.com", "ES", 5);
    const view = await sessionOf(shopper, order.id);
    const reference = intentIdOf(view);
    const cancelled = await body<OrderView>(await shopper("POST", `/api/orders/${order.id}/cancel`), 200);
    expect(cancelled).toMatchObject({ status: "cancelado", invoices: [], payment: { status: "cancelled" } });
    const cancels = shop.standIn.requests.filter(
      (call) => call.path === `/v1/payment_intents/${reference}/cancel`,
    );
    expect(cancels.map((call) => call.key)).toEqual(["secret"]);
    expect(shop.standIn.intents.get(reference)?.status).toBe("canceled");
    expect(shop.standIn.requests.some((call) => call.params.get("payment_intent") === reference)).toBe(false);
    expect(await stockOf(shop, 5)).toBe(before);

    await shop.standIn.settled();
    expect(eventsOf(shop, reference, "payment_intent.canceled")[0]?.deliveries).toEqual([200]);
    expect(await orderOf(shopper, order.id)).toMatchObject({
      status: "cancelado",
      payment: { status: "cancelled" },
    });
    // Too late to pay it now: Stripe refuses, and the shop no longer offers it.
    expect((await confirmAsStripeJs(shop, view, card("pm_card_visa"))).body.error?.code).toBe(
      "payment_intent_unexpected_state",
    );
    expect((await shopper("GET", `/api/orders/${order.id}/payment`)).status).toBe(409);
  });

  it("never lets two orders share a PaymentIntent, even when a second shopper resends the first one's checkout key", async () => {
    const first = await placeOrder(shop, "stripe-replay-1@example.com");
    const second = await shopperWithCart(shop.api, "stripe-replay-2@example.com", { 1: 1 });
    const { totals } = await quote(second.shopper, second.addressId);
    const replay = {
      ...orderRequest(second.addressId, totals.totalCents),
      idempotencyKey: first.request.idempotencyKey,
    };
    const other = await body<OrderView>(await second.shopper("POST", "/api/orders", replay), 201);
    expect(other.id).not.toBe(first.order.id);

    const [createdFirst] = createRequests(shop, first.order.id);
    const [createdOther] = createRequests(shop, other.id);
    expect(createdFirst?.idempotencyKey).toBe(`order-${first.order.id}`);
    expect(createdOther?.idempotencyKey).toBe(`order-${other.id}`);
    const firstView = await sessionOf(first.shopper, first.order.id);
    const otherView = await sessionOf(second.shopper, other.id);
    expect(intentIdOf(otherView)).not.toBe(intentIdOf(firstView));
    expect(shop.standIn.intents.get(intentIdOf(otherView))?.metadata).toEqual({ order_id: other.id });

    // Paying the second pays the second only.
    await confirmAsStripeJs(shop, otherView, card("pm_card_visa"));
    await shop.standIn.settled();
    expect((await orderOf(second.shopper, other.id)).status).toBe("pagado");
    expect((await orderOf(first.shopper, first.order.id)).status).toBe("pendiente-pago");

    // Had the shop sent one order's key for another order's intent, Stripe would refuse it loudly
    // rather than answer with the first order's intent.
    await expect(
      shop.api.payments.createIntent({
        orderId: other.id,
        amountCents: other.totals.totalCents + 100,
        methods: ["card", "bizum"],
        idempotencyKey: `order-${first.order.id}`,
        description: `Pedido ${other.id}`,
      }),
    ).rejects.toThrow(/Keys for idempotent requests/);
  });

  it("stores one payment per order, and one order per PaymentIntent, in the database", async () => {
    const a = await placeOrder(shop, "stripe-unique-a@example.com");
    const b = await placeOrder(shop, "stripe-unique-b@example.com");
    const db = shop.api.database.db;
    const [rowA] = await db.select().from(payment).where(eq(payment.orderId, a.order.id));
    const [rowB] = await db.select().from(payment).where(eq(payment.orderId, b.order.id));
    if (!rowA || !rowB) throw new Error("An order has no payment");
    const { id: _id, ...copy } = rowA;
    // A second payment for order A.
    expect(await failureOf(db.insert(payment).values({ ...copy, reference: "pi_other" }))).toMatch(
      /payment_one_per_order/,
    );
    // Order B's payment pointing at order A's PaymentIntent.
    expect(
      await failureOf(db.update(payment).set({ reference: rowA.reference }).where(eq(payment.id, rowB.id))),
    ).toMatch(/payment_provider_reference/);
    const rows = await db
      .select()
      .from(payment)
      .where(and(eq(payment.provider, "stripe"), eq(payment.reference, rowA.reference)));
    expect(rows.map((row) => row.orderId)).toEqual([a.order.id]);
  });

  it("makes the intent from the payment page when the checkout could not, once however many ask at once", async () => {
    const { shopper, order } = await placeOrder(shop, "stripe-late-intent@example.com");
    // As if Stripe had not answered the checkout: the order has no payment yet.
    await shop.api.database.db.delete(payment).where(eq(payment.orderId, order.id));
    const views = await Promise.all([1, 2, 3].map(() => sessionOf(shopper, order.id)));
    expect(new Set(views.map((view) => view.clientSecret)).size).toBe(1);
    const intents = [...shop.standIn.intents.values()].filter(
      (intent) => intent.metadata.order_id === order.id,
    );
    expect(intents).toHaveLength(1);
    const rows = await shop.api.database.db.select().from(payment).where(eq(payment.orderId, order.id));
    expect(rows.map((row) => row.reference)).toEqual([intents[0]?.id]);
  });
});

describe("Stripe's events arriving late, again or out of order", () => {
  let shop: Shop;
  beforeAll(async () => {
    // Events are only recorded: each test delivers them when and in the order it wants.
    shop = await openShop(false);
  });
  afterAll(() => closeShop(shop));

  it("pays the order when the shopper is back from 3-D Secure before the webhook; the events change nothing after", async () => {
    const { shopper, order } = await placeOrder(shop, "late-3ds@example.com");
    const view = await sessionOf(shopper, order.id);
    const reference = intentIdOf(view);
    await confirmAsStripeJs(shop, view, card("pm_card_threeDSecure2Required"));
    const approved = await decide(shop, reference, "approve");
    expect(new URL(approved.returnUrl ?? "").searchParams.get("redirect_status")).toBe("succeeded");
    expect((await orderOf(shopper, order.id)).status).toBe("pendiente-pago");

    // The return page asks for the payment: read from Stripe, it pays the order.
    expect(await body(await shopper("GET", `/api/orders/${order.id}/payment`), 409)).toMatchObject({
      error: { code: "not-awaiting-payment" },
    });
    const paid = await orderOf(shopper, order.id);
    expect(paid).toMatchObject({ status: "pagado", payment: { method: "card", cardLast4: "3220" } });

    for (const event of eventsOf(shop, reference)) {
      expect((await shop.standIn.deliver(event.id)).status).toBe(200);
    }
    const records = await recordsOf(shop, order.id);
    expect((await orderOf(shopper, order.id)).number).toBe(paid.number);
    expect(records.invoices).toHaveLength(1);
    expect(records.paidMails).toHaveLength(1);
  });

  it("keeps a paid order paid when an older payment_failed, requires_action or a canceled event arrives after", async () => {
    const { shopper, order } = await placeOrder(shop, "out-of-order@example.com");
    const view = await sessionOf(shopper, order.id);
    const reference = intentIdOf(view);
    await confirmAsStripeJs(shop, view, card("pm_card_chargeDeclined"));
    await confirmAsStripeJs(shop, view, card("pm_card_visa"));
    expect(eventsOf(shop, reference).map((event) => event.type)).toEqual([
      "payment_intent.created",
      "payment_intent.payment_failed",
      "payment_intent.succeeded",
    ]);
    const [, failed, succeeded] = eventsOf(shop, reference);
    expect((await shop.standIn.deliver(succeeded?.id ?? "")).status).toBe(200);
    const paid = await orderOf(shopper, order.id);
    expect(paid).toMatchObject({ status: "pagado", payment: { lastFailure: null, cardLast4: "4242" } });

    expect(await shop.standIn.deliver(failed?.id ?? "")).toEqual({ status: 200, body: { received: true } });
    const late = [
      await shop.standIn.sendEvent("payment_intent.requires_action", reference, {
        status: "requires_action",
      }),
      await shop.standIn.sendEvent("payment_intent.canceled", reference, { status: "canceled" }),
    ];
    expect(late.map((delivery) => delivery.status)).toEqual([200, 200]);
    expect(await orderOf(shopper, order.id)).toMatchObject({
      status: "pagado",
      number: paid.number,
      payment: { status: "captured", lastFailure: null, method: "card", cardLast4: "4242" },
    });
    expect((await recordsOf(shop, order.id)).invoices).toHaveLength(1);
  });

  it("answers 500 when it cannot read the intent at Stripe, so that Stripe delivers the event again", async () => {
    const { shopper, order } = await placeOrder(shop, "retried@example.com");
    const view = await sessionOf(shopper, order.id);
    const reference = intentIdOf(view);
    await confirmAsStripeJs(shop, view, card("pm_card_visa"));
    const [succeeded] = eventsOf(shop, reference, "payment_intent.succeeded");
    const intent = shop.standIn.intents.get(reference);
    if (!succeeded || !intent) throw new Error("Not paid at the stand-in");
    // Stripe unreachable for a moment (the intent cannot be read back).
    shop.standIn.intents.delete(reference);
    expect((await shop.standIn.deliver(succeeded.id)).status).toBe(500);
    expect((await orderOf(shopper, order.id)).status).toBe("pendiente-pago");
    shop.standIn.intents.set(reference, intent);
    expect((await shop.standIn.deliver(succeeded.id)).status).toBe(200);
    expect((await orderOf(shopper, order.id)).status).toBe("pagado");
  });

  it("pays, not expires, an order whose Multibanco reference was paid just before the sweep cancelled it", async () => {
    const { shopper, order } = await placeOrder(shop, "paid-at-the-wire@example.com", "PT");
    const view = await sessionOf(shopper, order.id);
    const reference = intentIdOf(view);
    await confirmAsStripeJs(shop, view, multibanco);
    // Its reference given: the shopper's return page reads it (the event is not delivered yet).
    const given = await sessionOf(shopper, order.id);
    expect(given.multibanco?.reference).toMatch(/^\d{9}$/);
    // Paid at an ATM; Stripe's event is still on its way when the sweep comes.
    shop.standIn.pay(reference);
    await expireUnpaid(shop.api.paying(() => new Date(Date.parse(given.expiresAt) + 1000)));
    const cancel = shop.standIn.requests.find(
      (call) => call.path === `/v1/payment_intents/${reference}/cancel`,
    );
    expect(cancel).toBeDefined();
    expect(shop.standIn.intents.get(reference)?.status).toBe("succeeded");
    expect(await orderOf(shopper, order.id)).toMatchObject({
      status: "pagado",
      number: expect.stringMatching(ORDER_NUMBER),
      payment: { status: "captured", method: "multibanco" },
    });
  });
});

/** The database's refusal of a statement, with the constraint it names. */
async function failureOf(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: { message?: string; constraint?: string } }).cause;
    return `${String(error)} ${cause?.message ?? ""} ${cause?.constraint ?? ""}`;
  }
  return "no error";
}
