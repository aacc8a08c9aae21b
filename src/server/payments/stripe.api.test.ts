import { eq, inArray } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderView } from "#shared/api/order-contract.ts";
import { payment } from "../db/schema.ts";
import { startStripeStandIn } from "../testing/stripe-stand-in.ts";
import { createTestApi, type TestApi } from "../testing/test-app.ts";
import { approvedCard, body, orderRequest, quote, shopperWithCart } from "../testing/test-orders.ts";
import { paymentsFromEnv } from "./payments-from-env.ts";

const WEBHOOK_SECRET = "whsec_test_secret_for_the_shop";
let api: TestApi;
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  const payments = paymentsFromEnv({
    NODE_ENV: "production",
    STRIPE_SECRET_KEY: "sk_test_shop",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: standIn.url,
  });
  api = await createTestApi({ payments });
});
afterAll(async () => {
  await api.close();
  await standIn.close();
});

async function buy(email: string, card = approvedCard) {
  const { shopper, addressId } = await shopperWithCart(api, email, { 1: 1 });
  const { totals } = await quote(shopper, addressId);
  const request = orderRequest(addressId, totals.totalCents, { card });
  return { shopper, request, response: await shopper("POST", "/api/orders", request) };
}

describe("payments through Stripe", () => {
  it("authorizes with a PaymentIntent for manual capture, then captures it, each call idempotent", async () => {
    standIn.requests.length = 0;
    const { request, response } = await buy("stripe@example.com");
    const order = await body<OrderView>(response, 201);
    expect(order.payment).toEqual({ provider: "stripe", cardLast4: "4242", status: "captured" });
    const intent = standIn.requests.find((call) => call.path === "/v1/payment_intents");
    expect(intent?.params.get("amount")).toBe(String(order.totals.totalCents));
    expect(intent?.params.get("currency")).toBe("eur");
    expect(intent?.params.get("capture_method")).toBe("manual");
    expect(intent?.params.get("confirm")).toBe("true");
    expect(intent?.idempotencyKey).toMatch(new RegExp(`^pi-.+\\.${request.idempotencyKey}$`));
    expect(standIn.requests.map((call) => call.path)).toEqual([
      "/v1/payment_methods",
      "/v1/payment_intents",
      expect.stringMatching(/^\/v1\/payment_intents\/pi_\w+\/capture$/),
    ]);
  });

  it("never answers a second shopper with the first one's payment, even when they resend its key", async () => {
    const first = await buy("stripe-replay-1@example.com");
    const paid = await body<OrderView>(first.response, 201);
    const second = await shopperWithCart(api, "stripe-replay-2@example.com", { 1: 1 });
    const { totals } = await quote(second.shopper, second.addressId);
    const replay = {
      ...orderRequest(second.addressId, totals.totalCents),
      idempotencyKey: first.request.idempotencyKey,
    };
    const other = await body<OrderView>(await second.shopper("POST", "/api/orders", replay), 201);
    const references = await api.database.db
      .select({ reference: payment.reference })
      .from(payment)
      .where(inArray(payment.orderId, [paid.id, other.id]));
    expect(new Set(references.map((row) => row.reference)).size).toBe(2);
    expect(
      [...standIn.intents.values()].filter((intent) => intent.status === "succeeded").length,
    ).toBeGreaterThanOrEqual(2);
  });

  it("stores one payment at the provider for one order only", async () => {
    const { response } = await buy("stripe-unique@example.com");
    const order = await body<OrderView>(response, 201);
    const [row] = await api.database.db.select().from(payment).where(eq(payment.orderId, order.id));
    if (!row) throw new Error("The order has no payment");
    const { id: _id, ...copy } = row;
    await expect(api.database.db.insert(payment).values(copy)).rejects.toThrow();
  });

  it.each([
    ["4000 0000 0000 0002", "card-declined"],
    // Told apart from a plain refusal only in the shop's records: card testers learn nothing.
    ["4000 0000 0000 9995", "card-declined"],
    ["4000 0000 0000 0119", "processing-error"],
  ])("turns Stripe's answer for %s into %s", async (number, code) => {
    const { response } = await buy(`stripe-${number.replaceAll(" ", "")}@example.com`, {
      ...approvedCard,
      number,
    });
    expect(await body(response, 402)).toMatchObject({ error: { code } });
  });

  it("refunds through Stripe when the order is cancelled", async () => {
    const { shopper, response } = await buy("stripe-refund@example.com");
    const order = await body<OrderView>(response, 201);
    standIn.requests.length = 0;
    await body(await shopper("POST", `/api/orders/${order.id}/cancel`), 200);
    const refund = standIn.requests.find((call) => call.path === "/v1/refunds");
    expect(refund?.params.get("amount")).toBe(String(order.totals.totalCents));
    expect(refund?.params.get("payment_intent")).toMatch(/^pi_/);
  });
});

describe("Stripe's webhook", () => {
  const stripe = new Stripe("sk_test_shop");
  const post = (payload: string, signature?: string) =>
    api.request("/api/payments/stripe/webhook", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(signature ? { "stripe-signature": signature } : {}),
      },
      body: payload,
    });

  it("confirms the payment on a signed payment_intent.succeeded", async () => {
    const { response } = await buy("stripe-webhook@example.com");
    const order = await body<OrderView>(response, 201);
    const [row] = await api.database.db.select().from(payment).where(eq(payment.orderId, order.id));
    const payload = JSON.stringify({
      id: "evt_1",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { id: row?.reference, object: "payment_intent" } },
    });
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(await body(await post(payload, signature), 200)).toEqual({ received: true });
    const [confirmed] = await api.database.db.select().from(payment).where(eq(payment.orderId, order.id));
    expect(confirmed?.confirmedAt).toBeInstanceOf(Date);
  });

  it("refuses an unsigned or wrongly signed event", async () => {
    const payload = JSON.stringify({ id: "evt_2", type: "charge.refunded", data: { object: {} } });
    expect(await body(await post(payload), 400)).toMatchObject({ error: { code: "signature-missing" } });
    const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    expect(await body(await post(payload, forged), 400)).toMatchObject({
      error: { code: "signature-invalid" },
    });
  });
});
