import Stripe from "stripe";
import {
  type MultibancoDetails,
  type PaymentFailure,
  type PaymentMethodKind,
  paymentMethodKinds,
} from "#shared/api/payment-contract.ts";
import type { IntentState, PaymentProvider } from "./payment-provider.ts";

export type StripeOptions = {
  secretKey: string;
  /** Tests point the client at a local stand-in of the Stripe API (http://127.0.0.1:PORT). */
  apiBase?: string | undefined;
};

/** The `stripe` client, aimed at api.stripe.com or, in tests, at a local stand-in. */
export function createStripeClient({ secretKey, apiBase }: StripeOptions): Stripe {
  if (!apiBase) return new Stripe(secretKey);
  const url = new URL(apiBase);
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port,
    protocol: url.protocol === "http:" ? "http" : "https",
    maxNetworkRetries: 0,
  });
}

/** What a read expands: the charge tells the card's last four digits, the method its type. */
const EXPAND = ["latest_charge", "payment_method"];

/**
 * Payments with Stripe PaymentIntents (decision 034): the server creates one intent per order
 * (automatic capture, never confirmed here), reads, cancels and refunds it; the shopper confirms
 * it in Stripe's Payment Element, and Stripe's signed webhook tells the shop what happened. No card
 * number ever reaches the shop.
 */
export function createStripeProvider(stripe: Stripe, publishableKey: string): PaymentProvider {
  const read = (reference: string) => stripe.paymentIntents.retrieve(reference, { expand: EXPAND });
  return {
    name: "stripe",
    browser: { kind: "stripe", publishableKey },
    async createIntent({ orderId, amountCents, methods, idempotencyKey, description }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: "eur",
          // Stripe keeps those of them the account takes (API version endive removed
          // `payment_method_types` as a parameter; the intent still reads it back).
          allowed_payment_method_types: [...methods],
          metadata: { order_id: orderId },
          description,
        },
        { idempotencyKey },
      );
      return { reference: intent.id };
    },
    async readIntent(reference) {
      const intent = await read(reference);
      if (!intent.client_secret) throw new Error(`Stripe gave no client secret for ${reference}`);
      return { ...intentStateOf(intent), clientSecret: intent.client_secret };
    },
    async cancel(reference) {
      try {
        return intentStateOf(await stripe.paymentIntents.cancel(reference, { expand: EXPAND }));
      } catch (error) {
        // Paid, being paid or cancelled already: the intent as it is answers for the order.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.code === "payment_intent_unexpected_state"
        ) {
          return intentStateOf(await read(reference));
        }
        throw error;
      }
    },
    async refund(reference, amountCents, idempotencyKey) {
      await stripe.refunds.create({ payment_intent: reference, amount: amountCents }, { idempotencyKey });
    },
  };
}

/**
 * A PaymentIntent read into the facts the shop acts on. Pure: the same for a retrieved intent
 * (with `latest_charge` and `payment_method` expanded) and for a webhook's `data.object`, whose
 * charge and method are bare ids (its method is then known only from a failure, a Multibanco
 * voucher or a single allowed type, and its card's last four digits not at all).
 */
export function intentStateOf(intent: Stripe.PaymentIntent): IntentState {
  const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  const method = typeof intent.payment_method === "object" ? intent.payment_method : null;
  return {
    reference: intent.id,
    status: statusOf(intent.status),
    amountCents: intent.amount,
    currency: intent.currency,
    orderId: intent.metadata?.order_id ?? null,
    method: methodOf(intent, charge, method),
    cardLast4: cardLast4Of(charge, method),
    lastFailure: intent.last_payment_error ? failureOf(intent.last_payment_error) : null,
    multibanco: multibancoOf(intent),
  };
}

function statusOf(status: Stripe.PaymentIntent.Status): IntentState["status"] {
  switch (status) {
    case "requires_payment_method":
    case "requires_confirmation":
      return "requires_payment_method";
    case "requires_action":
      return "requires_action";
    // Automatic capture: an authorized amount waiting for capture is money on its way.
    case "processing":
    case "requires_capture":
      return "processing";
    case "succeeded":
      return "succeeded";
    case "canceled":
      return "canceled";
    default:
      throw new Error(`Unknown PaymentIntent status ${status}`);
  }
}

const isMethodKind = (value: string | null | undefined): value is PaymentMethodKind =>
  (paymentMethodKinds as readonly (string | null | undefined)[]).includes(value);

function methodOf(
  intent: Stripe.PaymentIntent,
  charge: Stripe.Charge | null,
  method: Stripe.PaymentMethod | null,
): PaymentMethodKind | null {
  const error = intent.last_payment_error;
  // The method now on the intent, else the one that just failed, before a charge that may be
  // left from an earlier attempt.
  const candidates = [
    method?.type,
    error?.payment_method?.type,
    error?.payment_method_type,
    charge?.payment_method_details?.type,
    intent.next_action?.multibanco_display_details ? "multibanco" : null,
    intent.payment_method_types.length === 1 ? intent.payment_method_types[0] : null,
  ];
  return candidates.find(isMethodKind) ?? null;
}

/** The card paying or that paid: not one an earlier, failed attempt left in `latest_charge`. */
function cardLast4Of(charge: Stripe.Charge | null, method: Stripe.PaymentMethod | null): string {
  if (method) return method.card?.last4 ?? "";
  return charge?.status === "succeeded" ? (charge.payment_method_details?.card?.last4 ?? "") : "";
}

/**
 * The card errors of a shopper's own card (declined, expired, mistyped): one message, "try another
 * card", as a decline; told apart only in Stripe's records.
 */
const shopperCardErrors = new Set<string>([
  "card_declined",
  "expired_card",
  "incorrect_cvc",
  "invalid_cvc",
  "incorrect_number",
]);

function failureOf(error: Stripe.PaymentIntent.LastPaymentError): PaymentFailure {
  const code = error.code ?? "";
  if (shopperCardErrors.has(code) || code.startsWith("invalid_expiry_")) return "card-declined";
  switch (code) {
    case "processing_error":
      return "processing-error";
    case "payment_intent_authentication_failure":
      return "authentication-failed";
    default:
      return "refused";
  }
}

function multibancoOf(intent: Stripe.PaymentIntent): MultibancoDetails | null {
  const details = intent.next_action?.multibanco_display_details;
  if (!details?.entity || !details.reference || !details.expires_at) return null;
  return {
    entity: details.entity,
    reference: details.reference,
    amountCents: intent.amount,
    expiresAt: new Date(details.expires_at * 1000).toISOString(),
    voucherUrl: details.hosted_voucher_url ?? null,
  };
}
