import { formatPrice } from "#shared/money.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import styles from "../checkout.module.css";

type PayButtonProps = {
  amountCents: number;
  pending: boolean;
  /** Not usable yet (the provider's form still loading). */
  disabled?: boolean;
  label?: string;
};

/** «Pagar 42,00 €»: the submit button of every way to pay. */
export function PayButton({ amountCents, pending, disabled = false, label }: PayButtonProps) {
  const { t, lang } = useTranslation();
  const amount = formatPrice(amountCents, lang);
  return (
    <button type="submit" className={styles.placeOrder} disabled={pending || disabled}>
      {pending ? t("checkout.pay.paying") : (label ?? t("checkout.pay.payButton", { amount }))}
    </button>
  );
}
