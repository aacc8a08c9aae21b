import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { intentStateOf } from "./stripe-provider.ts";

/** A PaymentIntent as Stripe's API shows it, with only the fields a case is about changed. */
function intent(fields: Record<string, unknown> = {}): Stripe.PaymentIntent {
  return {
    id: "pi_1",
    object: "payment_intent",
    amount: 4599,
    currency: "eur",
    status: "requires_payment_method",
    metadata: { order_id: "order-1" },
    payment_method_types: ["card", "bizum"],
    allowed_payment_method_types: ["card", "bizum"],
    payment_method: null,
    latest_charge: null,
    last_payment_error: null,
    next_action: null,
    client_secret: "pi_1_secret_x",
    ...fields,
  } as unknown as Stripe.PaymentIntent;
}

const visa = { id: "pm_1", object: "payment_method", type: "card", card: { brand: "visa", last4: "4242" } };
const paidCharge = (type: string, details: Record<string, unknown> = {}) => ({
  id: "ch_1",
  object: "charge",
  status: "succeeded",
  payment_method_details: { type, [type]: details },
});

describe("a PaymentIntent read into what the shop acts on (decision 034)", () => {
  it("keeps the reference, the amount, the currency and the order it was made for", () => {
    expect(intentStateOf(intent())).toEqual({
      reference: "pi_1",
      status: "requires_payment_method",
      amountCents: 4599,
      currency: "eur",
      orderId: "order-1",
      method: null,
      cardLast4: "",
      lastFailure: null,
      multibanco: null,
    });
    expect(intentStateOf(intent({ metadata: {} })).orderId).toBeNull();
  });

  it.each([
    ["requires_payment_method", "requires_payment_method"],
    ["requires_confirmation", "requires_payment_method"],
    ["requires_action", "requires_action"],
    ["processing", "processing"],
    ["requires_capture", "processing"],
    ["succeeded", "succeeded"],
    ["canceled", "canceled"],
  ])("reads Stripe's %s as %s", (status, expected) => {
    expect(intentStateOf(intent({ status })).status).toBe(expected);
  });

  it("knows a paid card's last four digits from the expanded charge or payment method", () => {
    const paid = intentStateOf(
      intent({ status: "succeeded", latest_charge: paidCharge("card", { last4: "4444" }) }),
    );
    expect(paid).toMatchObject({ method: "card", cardLast4: "4444" });
    expect(intentStateOf(intent({ status: "requires_action", payment_method: visa }))).toMatchObject({
      method: "card",
      cardLast4: "4242",
    });
  });

  it("tells the method from the charge, the method, a failure, a voucher or the only one allowed", () => {
    const succeeded = { status: "succeeded" };
    expect(intentStateOf(intent({ ...succeeded, latest_charge: paidCharge("bizum") })).method).toBe("bizum");
    expect(intentStateOf(intent({ ...succeeded, payment_method: { type: "mb_way" } })).method).toBe("mb_way");
    // A webhook's intent names its charge and method by id only.
    expect(
      intentStateOf(intent({ ...succeeded, latest_charge: "ch_1", payment_method: "pm_1" })).method,
    ).toBe(null);
    expect(intentStateOf(intent({ ...succeeded, payment_method_types: ["mb_way"] })).method).toBe("mb_way");
    expect(
      intentStateOf(intent({ last_payment_error: { code: "card_declined", payment_method_type: "card" } }))
        .method,
    ).toBe("card");
    // Only the methods the shop knows count.
    expect(intentStateOf(intent({ ...succeeded, payment_method: { type: "ideal" } })).method).toBeNull();
  });

  it("does not take the card of an earlier, failed attempt for the one being paid", () => {
    const failedCharge = { ...paidCharge("card", { last4: "0002" }), status: "failed" };
    const state = intentStateOf(
      intent({ status: "requires_action", latest_charge: failedCharge, payment_method: { type: "bizum" } }),
    );
    expect(state).toMatchObject({ method: "bizum", cardLast4: "" });
  });

  it.each([
    [{ code: "card_declined", decline_code: "generic_decline" }, "card-declined"],
    // Told apart only in Stripe's records: a card tester learns nothing more.
    [{ code: "card_declined", decline_code: "insufficient_funds" }, "card-declined"],
    [{ code: "processing_error" }, "processing-error"],
    [{ code: "payment_intent_authentication_failure" }, "authentication-failed"],
    [{ code: "payment_intent_payment_attempt_expired" }, "refused"],
    [{ code: "expired_card" }, "card-declined"],
    [{}, "refused"],
  ])("reads the last payment error %o as %s", (error, failure) => {
    expect(intentStateOf(intent({ last_payment_error: { type: "card_error", ...error } })).lastFailure).toBe(
      failure,
    );
  });

  it("gives a Multibanco reference with its entity, amount, expiry and voucher", () => {
    const expiresAt = Date.UTC(2026, 10, 30, 12, 0, 0) / 1000;
    const details = { entity: "12345", reference: "123456789", expires_at: expiresAt };
    const waiting = (more: Record<string, unknown>) =>
      intent({
        status: "requires_action",
        payment_method_types: ["card", "multibanco"],
        next_action: {
          type: "multibanco_display_details",
          multibanco_display_details: { ...details, ...more },
        },
      });
    expect(intentStateOf(waiting({ hosted_voucher_url: "https://stripe.example/voucher" }))).toMatchObject({
      status: "requires_action",
      method: "multibanco",
      multibanco: {
        entity: "12345",
        reference: "123456789",
        amountCents: 4599,
        expiresAt: "2026-11-30T12:00:00.000Z",
        voucherUrl: "https://stripe.example/voucher",
      },
    });
    expect(intentStateOf(waiting({ hosted_voucher_url: null })).multibanco?.voucherUrl).toBeNull();
    expect(intentStateOf(waiting({ reference: null })).multibanco).toBeNull();
    const redirect = { type: "redirect_to_url", redirect_to_url: { url: "https://bank.example" } };
    expect(intentStateOf(intent({ status: "requires_action", next_action: redirect })).multibanco).toBeNull();
  });
});
