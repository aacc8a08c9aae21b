import type { StripeExpressCheckoutElementConfirmEvent } from "@stripe/stripe-js";
import { useState } from "react";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useRefreshOrder } from "../../api/payment-calls.ts";
import { paymentReturnUrl } from "../../payment-return-url.ts";
import { useStripeElements } from "./use-stripe-elements.ts";

type StripePaymentOptions = { publishableKey: string; clientSecret: string; orderId: string };

/**
 * Pays with Stripe's elements, by the button or by Apple Pay / Google Pay: a step at the bank
 * leaves the page and comes back to it; otherwise the order and its payment are read again.
 */
export function useStripePayment({ publishableKey, clientSecret, orderId }: StripePaymentOptions) {
  const { t, lang } = useTranslation();
  const refresh = useRefreshOrder(orderId);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const stripe = useStripeElements({
    publishableKey,
    clientSecret,
    onExpressConfirm: (event) => void pay(event),
  });

  async function confirm(): Promise<string | null> {
    if (!stripe.mounted) return t("checkout.pay.errors.generic");
    const { error: refused } = await stripe.mounted.stripe.confirmPayment({
      elements: stripe.mounted.elements,
      confirmParams: { return_url: paymentReturnUrl(orderId, lang) },
      redirect: "if_required",
    });
    if (refused) return refused.message ?? t("checkout.pay.errors.generic");
    await refresh();
    return null;
  }

  async function pay(express?: StripeExpressCheckoutElementConfirmEvent) {
    setPaying(true);
    setError(null);
    const message = await confirm().catch(() => t("checkout.pay.errors.generic"));
    if (message) express?.paymentFailed({ reason: "fail" });
    setError(message);
    setPaying(false);
  }

  const loadError = stripe.failed ? t("checkout.pay.errors.stripe-unavailable") : null;
  return {
    ...stripe,
    pay,
    paying,
    error: loadError ?? error,
    usable: stripe.mounted !== null && stripe.ready,
  };
}
