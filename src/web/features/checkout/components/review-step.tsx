import type { QuoteView } from "#shared/api/order-contract.ts";
import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link } from "#web/lib/routing.tsx";
import { OrderSummary } from "#web/ui/order-summary.tsx";
import styles from "./checkout.module.css";

type ReviewStepProps = { quote: QuoteView; placing: boolean; onPlace: () => void };

/** The last look: every figure, the delivery window, and the button that places the order to pay. */
export function ReviewStep({ quote, placing, onPlace }: ReviewStepProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.stepForm}>
      <OrderSummary totals={quote.totals} delivery={quote.delivery} />
      <p className={styles.hint}>
        {t("checkout.legalBefore")} <Link to={paths.footer("condiciones-de-uso")}>{t("checkout.terms")}</Link>{" "}
        {t("checkout.legalAnd")}{" "}
        <Link to={paths.footer("cambios-devoluciones")}>{t("checkout.returns")}</Link>.
      </p>
      <p className={styles.hint}>{t("checkout.payNext")}</p>
      {/* EU consumer law: the button must say that pressing it is an order with an obligation to pay. */}
      <button type="button" className={styles.placeOrder} disabled={placing} onClick={onPlace}>
        {placing ? t("checkout.placing") : t("checkout.placeOrder")}
      </button>
    </div>
  );
}
