import type { Dashboard } from "#shared/api/back-office-dashboard-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { formatShopDateTime } from "#shared/dates.ts";
import { Link } from "#web/lib/routing.tsx";
import styles from "./dashboard.module.css";
import { euros } from "./dashboard-format.ts";

const statusNames = { pagado: "Pagado", preparando: "Preparando" } as const;

/** The paid orders not shipped yet, oldest first: the morning's work. */
export function OrdersToShip({ toShip }: { toShip: Dashboard["toShip"] }) {
  const all = `${backOfficePaths.orders()}?status=pagado&status=preparando`;
  return (
    <section className={styles.work} aria-labelledby="to-ship-title">
      <h2 id="to-ship-title">Pedidos por enviar ({toShip.count})</h2>
      {toShip.count === 0 ? (
        <p className={styles.empty}>No hay pedidos esperando envío.</p>
      ) : (
        <ul className={styles.list}>
          {toShip.oldest.map((order) => (
            <li key={order.number} className={styles.item}>
              <Link to={backOfficePaths.order(order.number)} className={styles.itemLink}>
                Pedido {order.number}
              </Link>
              <span>
                {order.buyer} · {euros(order.totalCents)}
              </span>
              <span className={styles.meta}>
                {statusNames[order.status]} · {formatShopDateTime(order.placedAt, "es")}
              </span>
            </li>
          ))}
        </ul>
      )}
      {toShip.count > toShip.oldest.length ? (
        <Link to={all} className={styles.more}>
          Ver los {toShip.count} pedidos por enviar
        </Link>
      ) : null}
    </section>
  );
}
