import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import styles from "../checkout.module.css";
import { PayButton } from "../payment/pay-button.tsx";
import type { TestMethodProps } from "./use-test-confirm.ts";

/** Multibanco: nothing to type; the answer is a reference to pay at an ATM or in home banking. */
export function TestMultibancoPayment({ amountCents, pending, onSend }: TestMethodProps) {
  const { t } = useTranslation();
  return (
    <form
      className={styles.stepForm}
      onSubmit={(event) => {
        event.preventDefault();
        void onSend({ method: "multibanco" });
      }}
    >
      <p className={styles.hint}>{t("checkout.pay.multibancoHint")}</p>
      <PayButton amountCents={amountCents} pending={pending} label={t("checkout.pay.multibancoButton")} />
    </form>
  );
}
