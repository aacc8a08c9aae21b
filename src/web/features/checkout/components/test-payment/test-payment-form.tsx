import { useState } from "react";
import type { PaymentMethodKind, PaymentSessionView } from "#shared/api/payment-contract.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { FormAlert } from "#web/ui/form-alert.tsx";
import styles from "../checkout.module.css";
import { PaymentMethodChoice } from "./payment-method-choice.tsx";
import { TestCardPayment } from "./test-card-payment.tsx";
import { TestMultibancoPayment } from "./test-multibanco-payment.tsx";
import { TestPhonePayment } from "./test-phone-payment.tsx";
import { useTestConfirm } from "./use-test-confirm.ts";

type TestPaymentFormProps = { session: PaymentSessionView; orderId: string };

/**
 * The built-in test provider's form (decision 034): the methods this order may use, and for a card
 * a token made here from the test card typed, so no card number leaves the browser.
 */
export function TestPaymentForm({ session, orderId }: TestPaymentFormProps) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<PaymentMethodKind>(session.methods[0] ?? "card");
  const confirm = useTestConfirm(session, orderId);
  const props = { amountCents: session.amountCents, pending: confirm.pending, onSend: confirm.send };
  return (
    <div className={styles.stepForm}>
      {session.methods.length > 1 && (
        <PaymentMethodChoice methods={session.methods} value={method} onChange={setMethod} />
      )}
      <FormAlert message={confirm.error} />
      {method === "card" && <TestCardPayment {...props} />}
      {(method === "bizum" || method === "mb_way") && (
        <TestPhonePayment key={method} method={method} {...props} />
      )}
      {method === "multibanco" && <TestMultibancoPayment {...props} />}
      {/* The test cards, only where they are the ones taking payments. */}
      <p className={styles.hint}>{t("checkout.testMode")}</p>
    </div>
  );
}
