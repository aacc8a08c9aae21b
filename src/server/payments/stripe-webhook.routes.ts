import { Hono } from "hono";
import Stripe from "stripe";
import { apiError } from "../http/validate.ts";
import type { Logger } from "../logger.ts";
import type { IntentListener } from "./payment-provider.ts";
import { intentStateOf } from "./stripe-provider.ts";

/** The PaymentIntent events the shop acts on: each carries the intent as it now is. */
const intentEvents = new Set<string>([
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "payment_intent.canceled",
  "payment_intent.processing",
  "payment_intent.requires_action",
  "payment_intent.amount_capturable_updated",
]);

/**
 * Stripe's signed webhook: how the shop hears that an order was paid, refused or cancelled
 * (decision 034). The signature is checked with Stripe's own helper against the raw body; anything
 * unsigned is refused with 400. Each intent event is handed to `onIntent`, which checks it against
 * the order (amount, order id, what the order already knows) before anything changes; when that
 * fails, the 500 makes Stripe send the event again later.
 */
export function stripeWebhookRoutes(deps: {
  stripe: Stripe;
  secret: string;
  onIntent: IntentListener;
  logger: Logger;
}) {
  const { stripe, secret, onIntent, logger } = deps;
  return new Hono().post("/", async (c) => {
    const signature = c.req.header("stripe-signature");
    if (!signature) return c.json(apiError("signature-missing", "Stripe-Signature header missing"), 400);
    let event: Stripe.Event;
    try {
      event = await stripe.webhooks.constructEventAsync(await c.req.text(), signature, secret);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        return c.json(apiError("signature-invalid", "Webhook signature does not match"), 400);
      }
      throw error;
    }
    if (isIntentEvent(event)) {
      await onIntent(intentStateOf(event.data.object));
    } else {
      logger.debug({ type: event.type, id: event.id }, "stripe event ignored");
    }
    return c.json({ received: true });
  });
}

type IntentEvent = Extract<Stripe.Event, { data: { object: Stripe.PaymentIntent } }>;

function isIntentEvent(event: Stripe.Event): event is IntentEvent {
  return intentEvents.has(event.type) && event.data.object.object === "payment_intent";
}
