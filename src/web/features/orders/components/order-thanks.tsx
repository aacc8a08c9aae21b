import type { OrderView } from "#shared/api/order-contract.ts";
import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link } from "#web/lib/routing.tsx";
import { OrderSummary } from "#web/ui/order-summary.tsx";
import styles from "./orders.module.css";

/**
 * A paid order's thanks: its number, what it cost, when it arrives, and where to follow it. A guest
 * follows it by the mailed link, and is invited to keep it in an account (decision 032).
 */
export function OrderThanks({ order, guest }: { order: OrderView; guest: boolean }) {
  const { t } = useTranslation();
  return (
    <section className={styles.placed}>
      <title>{t("checkout.placed.title")}</title>
      <h1>{t("checkout.placed.title")}</h1>
      {order.number && (
        <p>
          {t("checkout.placed.number")} <strong className={styles.orderNumber}>{order.number}</strong>
        </p>
      )}
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
