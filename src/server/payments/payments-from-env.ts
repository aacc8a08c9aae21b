import type Stripe from "stripe";
import type { Env } from "../env.ts";
import type { PaymentProvider } from "./payment-provider.ts";
import { createStripeClient, createStripeProvider } from "./stripe-provider.ts";
import { createTestCardProvider } from "./test-card-provider.ts";

export type Payments = {
  provider: PaymentProvider;
  /** Present when Stripe takes the payments and its webhook secret is known. */
  stripeWebhook?: { stripe: Stripe; secret: string };
};

/**
 * Stripe when STRIPE_SECRET_KEY is set (unless PAYMENTS=test), else the built-in test cards. A
 * production server never falls back to test cards by accident: it must be told (issue 11).
 */
export function paymentsFromEnv(
  env: Pick<Env, "NODE_ENV" | "PAYMENTS" | "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_BASE">,
): Payments {
  if (env.PAYMENTS === "test") return { provider: createTestCardProvider() };
  if (!env.STRIPE_SECRET_KEY) {
    if (env.PAYMENTS === "stripe") throw new Error("PAYMENTS=stripe needs STRIPE_SECRET_KEY.");
    if (env.NODE_ENV === "production") {
      throw new Error(
        "NODE_ENV=production and no payment provider: set STRIPE_SECRET_KEY to take real card payments, " +
          "or PAYMENTS=test to run a shop that charges nothing (every page will say so).",
      );
    }
    return { provider: createTestCardProvider() };
  }
  const stripe = createStripeClient({ secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE });
  return {
    provider: createStripeProvider(stripe),
    ...(env.STRIPE_WEBHOOK_SECRET ? { stripeWebhook: { stripe, secret: env.STRIPE_WEBHOOK_SECRET } } : {}),
  };
}
