import type { PaymentSessionView } from "#shared/api/payment-contract.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { FormAlert } from "#web/ui/form-alert.tsx";
import { Spinner } from "#web/ui/spinner.tsx";
import styles from "../checkout.module.css";
import { PayButton } from "../payment/pay-button.tsx";
import { useStripePayment } from "./use-stripe-payment.ts";

type StripePaymentFormProps = { session: PaymentSessionView; publishableKey: string; orderId: string };

/**
 * Stripe's Payment Element (cards with 3-D Secure, and the methods Stripe offers for this order)
 * with Apple Pay / Google Pay above it: the card never touches the shop's server (decision 034).
 */
export function StripePaymentForm({ session, publishableKey, orderId }: StripePaymentFormProps) {
  const { t } = useTranslation();
  const stripe = useStripePayment({ publishableKey, clientSecret: session.clientSecret, orderId });
  return (
    <form
      className={styles.stepForm}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void stripe.pay();
      }}
    >
      {/* Stripe's frames go in these two boxes; the wallets' is hidden when the browser has none. */}
      <div ref={stripe.expressRef} hidden={!stripe.expressShown} />
      <div ref={stripe.paymentRef} />
      {!stripe.ready && !stripe.failed && <Spinner label={t("checkout.pay.stripeLoading")} />}
      <FormAlert message={stripe.error} />
      <PayButton amountCents={session.amountCents} pending={stripe.paying} disabled={!stripe.usable} />
    </form>
  );
}
