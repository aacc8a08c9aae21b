import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import Stripe from "stripe";
import type { Database } from "../db/client.ts";
import { payment } from "../db/schema.ts";
import { apiError } from "../http/validate.ts";
import type { Logger } from "../logger.ts";

/**
 * Stripe's signed webhook: the capture and refunds of our PaymentIntents are confirmed here.
 * The signature is checked with Stripe's own helper against the raw body; anything unsigned is
 * refused with 400.
 */
export function stripeWebhookRoutes(deps: { stripe: Stripe; secret: string; db: Database; logger: Logger }) {
  const { stripe, secret, db, logger } = deps;
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
    if (event.type === "payment_intent.succeeded") {
      await db
        .update(payment)
        .set({ confirmedAt: new Date() })
        .where(eq(payment.reference, event.data.object.id));
      // The capture went through even if the shop did not hear its answer (a crash, a timeout).
      await db
        .update(payment)
        .set({ status: "captured" })
        .where(and(eq(payment.reference, event.data.object.id), eq(payment.status, "authorized")));
    } else if (event.type === "charge.refunded") {
      const intent = event.data.object.payment_intent;
      const reference = typeof intent === "string" ? intent : intent?.id;
      if (reference)
        await db.update(payment).set({ status: "refunded" }).where(eq(payment.reference, reference));
    } else {
      logger.debug({ type: event.type }, "stripe event ignored");
    }
    return c.json({ received: true });
  });
}
