import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { OrderSummary } from "#web/ui/order-summary.tsx";
import {
  checkoutSteps,
  ShownCheckout,
  type CheckoutStep as StepName,
  useCheckoutStore,
} from "../checkout-store.ts";
import { useCheckoutOrder, useCheckoutQuote } from "../use-checkout-order.ts";
import { type AddressPicker, AddressStep } from "./address-step.tsx";
import styles from "./checkout.module.css";
import { CheckoutStep } from "./checkout-step.tsx";
import { CouponStep } from "./coupon-step.tsx";
import { InvoiceStep } from "./invoice-step.tsx";
import { ReviewStep } from "./review-step.tsx";
import { ShippingStep } from "./shipping-step.tsx";

type CheckoutFlowProps = {
  /** The delivery step's address chooser, supplied by the page (addresses feature). */
  renderAddressPicker: AddressPicker;
  /** The shopper's name from /datos/personales, to prefill the invoice. */
  invoiceDefaults: { name: string; lastName: string };
};

/**
 * The checkout steps below the cart: each one checked before the next, all kept when going back.
 * No card here: the order is placed, then paid on /checkout/fin (issue 27, decision 034).
 */
export function CheckoutFlow(props: CheckoutFlowProps) {
  return (
    <ShownCheckout>
      <CheckoutSteps {...props} />
    </ShownCheckout>
  );
}

function CheckoutSteps({ renderAddressPicker, invoiceDefaults }: CheckoutFlowProps) {
  const { t } = useTranslation();
  const state = useCheckoutStore();

  const quote = useCheckoutQuote();
  const order = useCheckoutOrder(quote);
  const figures = quote.data;
  const next = (after: StepName) => state.goTo(checkoutSteps[checkoutSteps.indexOf(after) + 1] ?? after);
  const address = figures?.address;

  return (
    <section className={styles.checkout} aria-label={t("checkout.title")}>
      <ol className={styles.steps}>
        <CheckoutStep
          name="address"
          summary={
            address &&
            `${address.name} ${address.lastName} · ${address.street}, ${address.postalCode} ${address.city}`
          }
        >
          <AddressStep
            renderPicker={renderAddressPicker}
            value={state.addressId}
            onChange={(id) => state.update({ addressId: id })}
            onDone={() => next("address")}
          />
        </CheckoutStep>
        <CheckoutStep
          name="invoice"
          summary={[
            `${state.invoice.name} ${state.invoice.lastName}`,
            state.invoice.email,
            state.invoice.company,
            state.invoice.taxId,
          ]
            .filter(Boolean)
            .join(" · ")}
        >
          <InvoiceStep
            initial={state.invoice}
            defaults={invoiceDefaults}
            onDone={(invoice) => {
              state.update({ invoice });
              next("invoice");
            }}
          />
        </CheckoutStep>
        <CheckoutStep name="shipping" summary={t(`checkout.methods.${state.shippingMethod}`)}>
          {figures && (
            <ShippingStep
              zone={figures.zone}
              goodsCents={figures.totals.subtotalCents - figures.totals.discountCents}
              value={state.shippingMethod}
              onChange={(shippingMethod) => state.update({ shippingMethod })}
              onDone={() => next("shipping")}
            />
          )}
        </CheckoutStep>
        <CheckoutStep name="coupon" summary={state.couponCode || t("checkout.noCoupon")}>
          <CouponStep
            applied={state.couponCode}
            refusal={figures?.coupon?.refusal}
            discountCents={figures?.totals.discountCents ?? 0}
            checking={quote.isFetching}
            onApply={(couponCode) => state.update({ couponCode })}
            onDone={() => next("coupon")}
          />
        </CheckoutStep>
        <CheckoutStep name="review" summary={null}>
          {figures && (
            <ReviewStep quote={figures} placing={order.placing} onPlace={() => void order.placeOrder()} />
          )}
        </CheckoutStep>
      </ol>
      {figures && state.step !== "review" && (
        <aside className={styles.aside} aria-label={t("checkout.summary")}>
          <OrderSummary totals={figures.totals} />
        </aside>
      )}
    </section>
  );
}
