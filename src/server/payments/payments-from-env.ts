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

/** Stripe when STRIPE_SECRET_KEY is set, else the built-in test-card provider. */
export function paymentsFromEnv(
  env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_BASE">,
): Payments {
  if (!env.STRIPE_SECRET_KEY) return { provider: createTestCardProvider() };
  const stripe = createStripeClient({ secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE });
  return {
    provider: createStripeProvider(stripe),
    ...(env.STRIPE_WEBHOOK_SECRET ? { stripeWebhook: { stripe, secret: env.STRIPE_WEBHOOK_SECRET } } : {}),
  };
}
