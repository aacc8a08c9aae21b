import type { QuoteView } from "#shared/api/order-contract.ts";
import { paths } from "#shared/paths.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useNavigate } from "#web/lib/routing.tsx";
import { notify } from "#web/ui/toast-queue.ts";
import { usePlaceOrder, useQuote } from "./api/checkout-calls.ts";
import { useCheckoutStore } from "./checkout-store.ts";

/** Answers with a message of their own; anything else gets the generic one. */
const knownErrors = new Set([
  "total-changed",
  "out-of-stock",
  "order-in-progress",
  "too-many-requests",
  "cart-empty",
  "address-not-found",
  "product-unavailable",
  "network",
]);

/** The server's figures for what the shopper chose so far (none before an address). */
export function useCheckoutQuote() {
  const { addressId, shippingMethod, couponCode } = useCheckoutStore();
  return useQuote(addressId ? { addressId, shippingMethod, ...(couponCode ? { couponCode } : {}) } : null);
}

/**
 * Places the checkout's order, awaiting payment, with the total the shopper saw, then opens its
 * page, where it is paid (issue 27, decision 034: no card before the order). A refused coupon goes
 * back to the coupon step; anything else is said in a toast and the figures are asked for again.
 */
export function useCheckoutOrder(quote: { data: QuoteView | undefined; refetch: () => unknown }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useCheckoutStore();
  const place = usePlaceOrder();

  async function placeOrder() {
    const figures = quote.data;
    if (!state.addressId || !figures) return;
    try {
      const order = await place.mutateAsync({
        idempotencyKey: state.idempotencyKey,
        addressId: state.addressId,
        shippingMethod: state.shippingMethod,
        ...(state.couponCode ? { couponCode: state.couponCode } : {}),
        invoice: state.invoice,
        expectedTotalCents: figures.totals.totalCents,
      });
      // The next checkout starts afresh; these steps stay as they are while the order's page loads.
      state.placed();
      void navigate(`${paths.checkoutEnd()}?pedido=${order.id}`);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : "network";
      if (code === "guest-email-required") {
        state.goTo("invoice");
        notify(t(`checkout.errors.${code}`), "error");
      } else if (code === "coupon-refused") {
        state.goTo("coupon");
        void quote.refetch();
      } else {
        notify(t(`checkout.errors.${knownErrors.has(code) ? code : "generic"}`), "error");
        void quote.refetch();
      }
    }
  }

  return { placeOrder, placing: place.isPending };
}
