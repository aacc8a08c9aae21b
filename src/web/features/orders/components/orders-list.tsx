import { formatShopDate } from "#shared/dates.ts";
import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link } from "#web/lib/routing.tsx";
import { Price } from "#web/ui/price.tsx";
import { Spinner } from "#web/ui/spinner.tsx";
import { useOrders } from "../api/order-calls.ts";
import { nameOrder } from "../name-order.ts";
import styles from "./orders.module.css";
import { statusClass } from "./status-class.ts";

/** /pedidos: the shopper's orders, newest first. */
export function OrdersList() {
  const { t, lang } = useTranslation();
  const { data } = useOrders();
  if (!data) return <Spinner label={t("common.loading")} />;
  return (
    <section className={styles.orders}>
      <h1>{t("orders.title")}</h1>
      {data.items.length === 0 ? (
        <p className={styles.empty}>
          {t("orders.empty")} <Link to={paths.home()}>{t("cart.keepShopping")}</Link>
        </p>
      ) : (
        <ul className={styles.list}>
          {data.items.map((order) => (
            <li key={order.id}>
              <Link to={paths.purchase(order.id)} className={styles.row}>
                <span>
                  <strong>{nameOrder(t, order)}</strong>
                  <br />
                  {formatShopDate(order.placedAt, lang)}
                </span>
                <span className={statusClass[order.status]}>{t(`orders.status.${order.status}`)}</span>
                <Price cents={order.totalCents} className={styles.total} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
