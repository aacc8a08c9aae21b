import type Stripe from "stripe";
import type { Env } from "../env.ts";
import type { PaymentProvider } from "./payment-provider.ts";
import { createStripeClient, createStripeProvider } from "./stripe-provider.ts";

export type Payments = {
  provider: PaymentProvider;
  /** Present when Stripe takes the payments and its webhook secret is known. */
  stripeWebhook?: { stripe: Stripe; secret: string };
};

/**
 * How the shop takes payments, as the environment says: the built-in test provider (which the
 * caller builds: it keeps its payments in the database), or Stripe, ready to use.
 */
export type PaymentsChoice = { kind: "test" } | ({ kind: "stripe" } & Payments);

/**
 * Stripe when STRIPE_SECRET_KEY is set (unless PAYMENTS=test), else the built-in test provider. A
 * production server never falls back to test payments by accident: it must be told (issue 11).
 * Stripe also needs its publishable key, from the same mode (test or live) as the secret key: the
 * browser pays in Stripe's Payment Element (decision 034).
 */
export function paymentsFromEnv(
  env: Pick<
    Env,
    | "NODE_ENV"
    | "PAYMENTS"
    | "STRIPE_SECRET_KEY"
    | "STRIPE_PUBLISHABLE_KEY"
    | "STRIPE_WEBHOOK_SECRET"
    | "STRIPE_API_BASE"
  >,
): PaymentsChoice {
  if (env.PAYMENTS === "test") return { kind: "test" };
  if (!env.STRIPE_SECRET_KEY) {
    if (env.PAYMENTS === "stripe") throw new Error("PAYMENTS=stripe needs STRIPE_SECRET_KEY.");
    if (env.NODE_ENV === "production") {
      throw new Error(
        "NODE_ENV=production and no payment provider: set STRIPE_SECRET_KEY to take real card payments, " +
          "or PAYMENTS=test to run a shop that charges nothing (every page will say so).",
      );
    }
    return { kind: "test" };
  }
  if (!env.STRIPE_PUBLISHABLE_KEY) {
    throw new Error(
      "STRIPE_SECRET_KEY is set but STRIPE_PUBLISHABLE_KEY (pk_…) is not: shoppers pay in Stripe's " +
        "Payment Element, which the browser loads with the publishable key of the same Stripe account.",
    );
  }
  const secretMode = modeOf(env.STRIPE_SECRET_KEY);
  const publishableMode = modeOf(env.STRIPE_PUBLISHABLE_KEY);
  if (secretMode && publishableMode && secretMode !== publishableMode) {
    throw new Error(
      `STRIPE_SECRET_KEY is a ${secretMode} key but STRIPE_PUBLISHABLE_KEY a ${publishableMode} one: ` +
        "both must come from the same mode of the same Stripe account.",
    );
  }
  const stripe = createStripeClient({ secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE });
  return {
    kind: "stripe",
    provider: createStripeProvider(stripe, env.STRIPE_PUBLISHABLE_KEY),
    ...(env.STRIPE_WEBHOOK_SECRET ? { stripeWebhook: { stripe, secret: env.STRIPE_WEBHOOK_SECRET } } : {}),
  };
}

/** "test" for sk_test_…/pk_test_…, "live" for sk_live_…/pk_live_…; unknown for anything else. */
function modeOf(key: string): "test" | "live" | null {
  const mode = /^[sp]k_(test|live)_/.exec(key)?.[1];
  return mode === "test" || mode === "live" ? mode : null;
}
