import type { StripeExpressCheckoutElementConfirmEvent } from "@stripe/stripe-js";
import { useEffect, useState } from "react";
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
  // Back from the bank's page by the back button, the page comes out of the bfcache as it was left:
  // paying, waiting for a confirmation that went elsewhere and never settles.
  useEffect(() => {
    const back = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setPaying(false);
      void refresh();
    };
    addEventListener("pageshow", back);
    return () => removeEventListener("pageshow", back);
  }, [refresh]);
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
    // Stripe's own words only for what the shopper typed wrong in its form; a refusal is told by
    // the shop's one message, as the payment read again says (decision 034: card testers learn nothing).
    if (refused?.type === "validation_error") return refused.message ?? t("checkout.pay.errors.generic");
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
