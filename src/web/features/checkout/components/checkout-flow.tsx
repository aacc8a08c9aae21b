import { type ReactNode, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { CardInput } from "#shared/api/order-contract.ts";
import { paths } from "#shared/paths.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useSession } from "#web/lib/session/session.tsx";
import { OrderSummary } from "#web/ui/order-summary.tsx";
import { notify } from "#web/ui/toast-queue.ts";
import { usePlaceOrder, useQuote } from "../api/checkout-calls.ts";
import { type CheckoutStep, checkoutSteps, useCheckoutStore } from "../checkout-store.ts";
import styles from "./checkout.module.css";
import { CouponStep } from "./coupon-step.tsx";
import { InvoiceStep } from "./invoice-step.tsx";
import { PaymentStep } from "./payment-step.tsx";
import { ReviewStep } from "./review-step.tsx";
import { ShippingStep } from "./shipping-step.tsx";

type CheckoutFlowProps = {
  /** The delivery step's address chooser, supplied by the page (addresses feature). */
  renderAddressPicker: (props: { value: string | null; onChange: (id: string) => void }) => ReactNode;
  /** The shopper's name from /datos/personales, to prefill the invoice. */
  invoiceDefaults: { name: string; lastName: string };
};

const emptyCard: CardInput = { holder: "", number: "", expiry: "", cvc: "" };
const declines = new Set(["card-declined", "processing-error"]);
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

/** The checkout steps below the cart: each one checked before the next, all kept when going back. */
export function CheckoutFlow({ renderAddressPicker, invoiceDefaults }: CheckoutFlowProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userId = useSession((state) => state.user?.id ?? null);
  const state = useCheckoutStore();
  const [card, setCard] = useState<CardInput>(emptyCard);
  const [declined, setDeclined] = useState<string | null>(null);
  const place = usePlaceOrder();
  const { owner, reset } = state;

  useEffect(() => {
    if (owner !== userId) reset(userId);
  }, [owner, userId, reset]);

  const quote = useQuote(
    state.addressId
      ? {
          addressId: state.addressId,
          shippingMethod: state.shippingMethod,
          ...(state.couponCode ? { couponCode: state.couponCode } : {}),
        }
      : null,
  );
  const figures = quote.data;
  const current = checkoutSteps.indexOf(state.step);

  async function placeOrder() {
    if (!state.addressId || !figures) return;
    setDeclined(null);
    try {
      const order = await place.mutateAsync({
        idempotencyKey: state.idempotencyKey,
        addressId: state.addressId,
        shippingMethod: state.shippingMethod,
        ...(state.couponCode ? { couponCode: state.couponCode } : {}),
        invoice: state.invoice,
        card,
        expectedTotalCents: figures.totals.totalCents,
      });
      // The confirmation page starts the next checkout afresh (see OrderPlaced).
      void navigate(`${paths.checkoutEnd()}?pedido=${order.id}`);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : "network";
      if (declines.has(code)) {
        setDeclined(t(`checkout.declines.${code}`));
        state.goTo("payment");
      } else if (code === "coupon-refused") {
        state.goTo("coupon");
        void quote.refetch();
      } else {
        notify(t(`checkout.errors.${knownErrors.has(code) ? code : "generic"}`), "error");
        void quote.refetch();
      }
    }
  }

  const step = (name: CheckoutStep, summary: ReactNode, body: ReactNode) => {
    const index = checkoutSteps.indexOf(name);
    const status = index < current ? "done" : index === current ? "current" : "next";
    return (
      <li key={name} className={styles[status]} aria-current={status === "current" ? "step" : undefined}>
        <h2 className={styles.stepTitle}>
          <span className={styles.stepNumber}>{index + 2}</span> {t(`checkout.steps.${name}`)}
        </h2>
        {status === "done" && (
          <div className={styles.stepSummary}>
            <div>{summary}</div>
            <button type="button" className={styles.link} onClick={() => state.goTo(name)}>
              {t("checkout.change")}
            </button>
          </div>
        )}
        {status === "current" && body}
      </li>
    );
  };

  const next = (after: CheckoutStep) => state.goTo(checkoutSteps[checkoutSteps.indexOf(after) + 1] ?? after);

  return (
    <section className={styles.checkout} aria-label={t("checkout.title")}>
      <ol className={styles.steps}>
        {step(
          "address",
          figures
            ? `${figures.address.name} ${figures.address.lastName} · ${figures.address.street}, ${figures.address.postalCode} ${figures.address.city}`
            : null,
          <div className={styles.stepForm}>
            {renderAddressPicker({
              value: state.addressId,
              onChange: (id) => state.update({ addressId: id }),
            })}
            <button
              type="button"
              className={styles.primary}
              disabled={!state.addressId}
              onClick={() => next("address")}
            >
              {t("checkout.continue")}
            </button>
          </div>,
        )}
        {step(
          "invoice",
          [`${state.invoice.name} ${state.invoice.lastName}`, state.invoice.company, state.invoice.taxId]
            .filter(Boolean)
            .join(" · "),
          <InvoiceStep
            initial={state.invoice}
            defaults={invoiceDefaults}
            onDone={(invoice) => {
              state.update({ invoice });
              next("invoice");
            }}
          />,
        )}
        {step(
          "shipping",
          t(`checkout.methods.${state.shippingMethod}`),
          figures ? (
            <ShippingStep
              zone={figures.zone}
              goodsCents={figures.totals.subtotalCents - figures.totals.discountCents}
              value={state.shippingMethod}
              onChange={(shippingMethod) => state.update({ shippingMethod })}
              onDone={() => next("shipping")}
            />
          ) : null,
        )}
        {step(
          "coupon",
          state.couponCode || t("checkout.noCoupon"),
          <CouponStep
            applied={state.couponCode}
            refusal={figures?.coupon?.refusal}
            discountCents={figures?.totals.discountCents ?? 0}
            checking={quote.isFetching}
            onApply={(couponCode) => state.update({ couponCode })}
            onDone={() => next("coupon")}
          />,
        )}
        {step(
          "payment",
          t("checkout.cardEnding", { last4: card.number.replace(/\D/g, "").slice(-4) }),
          <PaymentStep
            initial={card}
            declined={declined}
            onDone={(entered) => {
              setCard(entered);
              setDeclined(null);
              next("payment");
            }}
          />,
        )}
        {step(
          "review",
          null,
          figures ? (
            <ReviewStep quote={figures} placing={place.isPending} onPlace={() => void placeOrder()} />
          ) : null,
        )}
      </ol>
      {figures && state.step !== "review" && (
        <aside className={styles.aside} aria-label={t("checkout.summary")}>
          <OrderSummary totals={figures.totals} />
        </aside>
      )}
    </section>
  );
}
