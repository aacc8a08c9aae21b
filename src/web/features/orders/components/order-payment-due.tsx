import type { OrderView } from "#shared/api/order-contract.ts";
import { paths } from "#shared/paths.ts";
import { formatShopDeadline } from "#web/lib/format-deadline.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link } from "#web/lib/routing.tsx";
import { MultibancoReference } from "#web/ui/multibanco-reference.tsx";
import styles from "./orders.module.css";

type OrderPaymentDueProps = {
  order: OrderView;
  /** The way to its payment page: for the shopper's own session, not on a mailed link. */
  payLink: boolean;
};

/** An order awaiting payment (decision 034): until when, where to pay it, its Multibanco reference. */
export function OrderPaymentDue({ order, payLink }: OrderPaymentDueProps) {
  const { t, lang } = useTranslation();
  if (order.status !== "pendiente-pago") return null;
  const multibanco = order.payment?.multibanco;
  return (
    <>
      {order.payBy && <p>{t("orders.payBy", { date: formatShopDeadline(order.payBy, lang) })}</p>}
      {payLink && (
        <Link className={styles.payNow} to={`${paths.checkoutEnd()}?pedido=${encodeURIComponent(order.id)}`}>
          {t("orders.payNow")}
        </Link>
      )}
      {multibanco && <MultibancoReference details={multibanco} />}
    </>
  );
}
