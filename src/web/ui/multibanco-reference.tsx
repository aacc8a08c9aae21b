import type { MultibancoDetails } from "#shared/api/payment-contract.ts";
import { formatShopDeadline } from "#web/lib/format-deadline.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import styles from "./multibanco-reference.module.css";
import { Price } from "./price.tsx";

/** "123456789" → "123 456 789", as the banks print it. */
const groupDigits = (digits: string) => digits.replace(/(\d{3})(?=\d)/g, "$1 ");

/**
 * A Multibanco reference to pay at an ATM or in home banking (decision 034): on the order's
 * payment page and on the order itself, until it is paid or expires.
 */
export function MultibancoReference({ details }: { details: MultibancoDetails }) {
  const { t, lang } = useTranslation();
  return (
    <section className={styles.box} aria-labelledby="multibanco-title">
      <h2 id="multibanco-title">{t("checkout.multibanco.title")}</h2>
      <dl className={styles.figures}>
        <dt>{t("checkout.multibanco.entity")}</dt>
        <dd>{details.entity}</dd>
        <dt>{t("checkout.multibanco.reference")}</dt>
        <dd>{groupDigits(details.reference)}</dd>
        <dt>{t("checkout.multibanco.amount")}</dt>
        <dd>
          <Price cents={details.amountCents} />
        </dd>
      </dl>
      <p>{t("checkout.multibanco.validUntil", { date: formatShopDeadline(details.expiresAt, lang) })}</p>
      {details.voucherUrl && (
        <p>
          <a href={details.voucherUrl} target="_blank" rel="noopener noreferrer">
            {t("checkout.multibanco.voucher")}
          </a>
        </p>
      )}
      <p className={styles.note}>{t("checkout.multibanco.mailed")}</p>
    </section>
  );
}
