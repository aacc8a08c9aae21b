import type { Stripe, StripeElements, StripeExpressCheckoutElementConfirmEvent } from "@stripe/stripe-js";
import type { Lang } from "#shared/lang.ts";

export type MountedStripe = { stripe: Stripe; elements: StripeElements; destroy: () => void };

type MountOptions = {
  publishableKey: string;
  clientSecret: string;
  lang: Lang;
  /** Where the Express Checkout Element (Apple Pay, Google Pay) and the Payment Element go. */
  express: HTMLElement;
  payment: HTMLElement;
  onExpressAvailable: (available: boolean) => void;
  onPaymentReady: () => void;
  onExpressConfirm: (event: StripeExpressCheckoutElementConfirmEvent) => void;
};

/** The design tokens' brand colour: Stripe draws its elements in frames our stylesheet never reaches. */
function readBrandColour(): string {
  const token = getComputedStyle(document.documentElement).getPropertyValue("--color-brand-dark").trim();
  return token || "#006fa1";
}

/**
 * Loads Stripe.js, by a dynamic import made only on an order's payment page, so no other page's
 * download grows (issue 27), and mounts the Express Checkout Element above the Payment Element.
 */
export async function mountStripe(options: MountOptions): Promise<MountedStripe> {
  const { loadStripe } = await import("@stripe/stripe-js");
  const stripe = await loadStripe(options.publishableKey);
  if (!stripe) throw new Error("Stripe.js is not available");
  const elements = stripe.elements({
    clientSecret: options.clientSecret,
    locale: options.lang,
    appearance: { variables: { colorPrimary: readBrandColour() } },
  });
  const express = elements.create("expressCheckout");
  // No wallet in this browser: the element says so, and its place is hidden.
  express.on("ready", ({ availablePaymentMethods }) =>
    options.onExpressAvailable(Boolean(availablePaymentMethods)),
  );
  express.on("confirm", options.onExpressConfirm);
  express.mount(options.express);
  const payment = elements.create("payment", { layout: "tabs" });
  payment.on("ready", options.onPaymentReady);
  payment.mount(options.payment);
  return {
    stripe,
    elements,
    destroy: () => {
      express.destroy();
      payment.destroy();
    },
  };
}
