import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { FormAlert } from "#web/ui/form-alert.tsx";
import { MultibancoReference } from "#web/ui/multibanco-reference.tsx";
import { Spinner } from "#web/ui/spinner.tsx";
import { usePaymentSession } from "../../api/payment-calls.ts";
import { stagePayment } from "../../payment-stage.ts";
import styles from "../checkout.module.css";
import { PaymentConfirming } from "./payment-confirming.tsx";
import { PaymentDue } from "./payment-due.tsx";
import { ProviderForm } from "./provider-form.tsx";

type PaymentPanelProps = {
  orderId: string;
  /** Back from the provider's page (3-D Secure, the bank's app) saying it went through. */
  returning: boolean;
};

/**
 * /checkout/fin for an order awaiting payment (issue 27, decision 034): how much, until when, and
 * the provider's form, read afresh from the provider whenever the order changes.
 */
export function PaymentPanel({ orderId, returning }: PaymentPanelProps) {
  const { t } = useTranslation();
  const { data: session, isError, refetch, isFetching } = usePaymentSession(orderId);
  // A failed refetch (while waiting to hear from the provider) keeps what was shown.
  if (isError && !session) {
    return (
      <div className={styles.stepForm}>
        <FormAlert message={t("checkout.pay.errors.session")} />
        <button
          type="button"
          className={styles.secondary}
          disabled={isFetching}
          onClick={() => void refetch()}
        >
          {t("checkout.pay.retry")}
        </button>
      </div>
    );
  }
  if (!session) return <Spinner label={t("checkout.pay.loading")} />;
  const stage = stagePayment(session, returning);
  return (
    <div className={styles.stepForm}>
      <PaymentDue amountCents={session.amountCents} expiresAt={session.expiresAt} />
      {stage === "confirming" && <PaymentConfirming orderId={orderId} />}
      {stage === "multibanco" && session.multibanco && <MultibancoReference details={session.multibanco} />}
      {/* The alert and the form keep their places, so a refused card leaves what was typed. */}
      <FormAlert message={stage === "failed" ? t(`checkout.pay.failures.${session.lastFailure}`) : null} />
      {(stage === "failed" || stage === "form") && <ProviderForm session={session} orderId={orderId} />}
    </div>
  );
}
