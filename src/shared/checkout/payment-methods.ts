import type { Country } from "../address/regions.ts";
import type { PaymentMethodKind } from "../api/payment-contract.ts";

/**
 * The amounts each method takes, in cents (decision 034). Stripe charges nothing under 0.50 €; the
 * upper limits of Bizum and MB WAY are the banks' usual limit per payment, and Multibanco's that of
 * its references. They are the shop's settings: check them against the Stripe account's own.
 */
const limits: Record<PaymentMethodKind, { minCents: number; maxCents: number }> = {
  card: { minCents: 50, maxCents: 99_999_999 },
  bizum: { minCents: 50, maxCents: 100_000 },
  mb_way: { minCents: 50, maxCents: 100_000 },
  multibanco: { minCents: 100, maxCents: 9_999_999 },
};

/** Where each method is offered: by the delivery address's country. */
const byCountry: Record<Country, readonly PaymentMethodKind[]> = {
  ES: ["card", "bizum"],
  PT: ["card", "mb_way", "multibanco"],
};

/** The methods an order may be paid with: its delivery country's, that take its amount. */
export function paymentMethodsFor(country: Country, amountCents: number): PaymentMethodKind[] {
  return byCountry[country].filter(
    (method) => amountCents >= limits[method].minCents && amountCents <= limits[method].maxCents,
  );
}
