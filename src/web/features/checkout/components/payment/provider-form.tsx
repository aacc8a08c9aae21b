import type { PaymentSessionView } from "#shared/api/payment-contract.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { FormAlert } from "#web/ui/form-alert.tsx";
import { StripePaymentForm } from "../stripe-payment/stripe-payment-form.tsx";
import { TestPaymentForm } from "../test-payment/test-payment-form.tsx";

type ProviderFormProps = { session: PaymentSessionView; orderId: string };

/** The form of whoever takes the payment: Stripe's elements, or the built-in test provider's. */
export function ProviderForm({ session, orderId }: ProviderFormProps) {
  const { t } = useTranslation();
  if (session.provider === "test") return <TestPaymentForm session={session} orderId={orderId} />;
  if (session.publishableKey) {
    return <StripePaymentForm session={session} publishableKey={session.publishableKey} orderId={orderId} />;
  }
  return <FormAlert message={t("checkout.pay.errors.unavailable")} />;
}
