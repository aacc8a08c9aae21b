import { formatDeadlineParts } from "#web/lib/format-deadline.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Price } from "#web/ui/price.tsx";
import styles from "../checkout.module.css";

type PaymentDueProps = { amountCents: number; expiresAt: string };

/** What to pay and until when, on the shop's clock with its zone named. */
export function PaymentDue({ amountCents, expiresAt }: PaymentDueProps) {
  const { t, lang } = useTranslation();
  const { time, date } = formatDeadlineParts(expiresAt, lang);
  return (
    <div className={styles.due}>
      <p>
        {t("checkout.pay.amount")} <Price cents={amountCents} className={styles.dueAmount} />
      </p>
      <p>
        <strong>
          {date === null ? t("checkout.pay.payBy", { time }) : t("checkout.pay.payByDate", { date, time })}
        </strong>{" "}
        {t("checkout.pay.expiryNote")}
      </p>
    </div>
  );
}
