import Stripe from "stripe";
import type { Authorization, PaymentDecline, PaymentProvider } from "./payment-provider.ts";

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

/**
 * Card payments with Stripe PaymentIntents: authorize = create and confirm with manual capture,
 * then capture, cancel or refund. Every call carries an idempotency key, so a retried request
 * never charges twice. (The card reaches Stripe from our server; see decision 009.)
 */
export function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: "stripe",
    async authorize({ amountCents, card, description, idempotencyKey }): Promise<Authorization> {
      const [month, year] = card.expiry.split("/").map((part) => Number(part.trim()));
      try {
        const method = await stripe.paymentMethods.create(
          {
            type: "card",
            card: {
              number: card.number,
              exp_month: month ?? 0,
              exp_year: 2000 + ((year ?? 0) % 100),
              cvc: card.cvc,
            },
            billing_details: { name: card.holder },
          },
          { idempotencyKey: `pm-${idempotencyKey}` },
        );
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: "eur",
            capture_method: "manual",
            confirm: true,
            payment_method: method.id,
            // Cards only, no redirects: the order is decided within this request.
            automatic_payment_methods: { enabled: true, allow_redirects: "never" },
            description,
          },
          { idempotencyKey: `pi-${idempotencyKey}` },
        );
        if (intent.status !== "requires_capture") return { ok: false, decline: "processing-error" };
        return { ok: true, reference: intent.id, cardLast4: method.card?.last4 ?? card.number.slice(-4) };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) return { ok: false, decline: declineOf(error) };
        throw error;
      }
    },
    async capture(reference) {
      await stripe.paymentIntents.capture(reference, {}, { idempotencyKey: `capture-${reference}` });
    },
    async cancel(reference) {
      await stripe.paymentIntents.cancel(reference, {}, { idempotencyKey: `cancel-${reference}` });
    },
    async refund(reference, amountCents) {
      await stripe.refunds.create(
        { payment_intent: reference, amount: amountCents },
        { idempotencyKey: `refund-${reference}` },
      );
    },
  };
}

function declineOf(error: Stripe.errors.StripeCardError): PaymentDecline {
  if (error.decline_code === "insufficient_funds") return "insufficient-funds";
  return error.code === "processing_error" ? "processing-error" : "card-declined";
}
