import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link } from "#web/lib/routing.tsx";
import { NotFoundState } from "#web/ui/not-found-state.tsx";
import { OrderSummary } from "#web/ui/order-summary.tsx";
import { Spinner } from "#web/ui/spinner.tsx";
import { useOrder } from "../api/order-calls.ts";
import styles from "./orders.module.css";

/**
 * /checkout/fin: the order's number, what it cost, when it arrives, and where to follow it. A guest
 * follows it by the mailed link, and is invited to keep it in an account (decision 032).
 */
export function OrderPlaced({ orderId, guest = false }: { orderId: string | null; guest?: boolean }) {
  const { t } = useTranslation();
  const { data: order, isError } = useOrder(orderId);
  if (!orderId || isError) {
    return (
      <NotFoundState
        title={t("checkout.placed.missingTitle")}
        message={t("checkout.placed.missingText")}
        backTo={paths.orders()}
        backLabel={t("checkout.placed.toOrders")}
      />
    );
  }
  if (!order) return <Spinner label={t("common.loading")} />;
  return (
    <section className={styles.placed}>
      <h1>{t("checkout.placed.title")}</h1>
      <p>
        {t("checkout.placed.number")} <strong className={styles.orderNumber}>{order.number}</strong>
      </p>
      <p>{t("checkout.placed.mailed", { email: order.buyer.email })}</p>
      <ul className={styles.placedLines}>
        {order.lines.map((line) => (
          <li key={line.productId}>
            {line.quantity} × {line.name}
          </li>
        ))}
      </ul>
      <OrderSummary totals={order.totals} delivery={order.delivery} />
      {guest ? (
        <section className={styles.guestInvite} aria-labelledby="guest-invite-title">
          <h2 id="guest-invite-title">{t("checkout.guest.keepTitle")}</h2>
          <p>{t("checkout.guest.keepText")}</p>
          <p className={styles.guestInviteLinks}>
            <Link className={styles.primaryLink} to={paths.register()}>
              {t("checkout.guest.createAccount")}
            </Link>
            <Link to={paths.login()}>{t("checkout.guest.signIn")}</Link>
          </p>
        </section>
      ) : (
        <Link className={styles.primaryLink} to={paths.purchase(order.id)}>
          {t("checkout.placed.seeOrder")}
        </Link>
      )}
    </section>
  );
}
