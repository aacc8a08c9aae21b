import type { SalesDay } from "#shared/api/back-office-dashboard-contract.ts";
import styles from "./dashboard.module.css";
import { euros, longDay } from "./dashboard-format.ts";

/** The 30 days as a table, newest first: the charts' figures as text, with or without the script. */
export function DaysTable({ id, days }: { id: string; days: readonly SalesDay[] }) {
  return (
    <details className={styles.days}>
      <summary>Ver los 30 días en una tabla</summary>
      <div className={styles.tableScroll}>
        <table id={id} className={styles.table}>
          <caption>Ventas y reembolsos por día, del más reciente al más antiguo</caption>
          <thead>
            <tr>
              <th scope="col">Día</th>
              <th scope="col">Ingresos</th>
              <th scope="col">Pedidos</th>
              <th scope="col">Cesta media</th>
              <th scope="col">Reembolsos</th>
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((day) => (
              <tr key={day.day}>
                <th scope="row">{longDay(day.day)}</th>
                <td>{euros(day.revenueCents)}</td>
                <td>{day.orders}</td>
                <td>{euros(day.averageBasketCents)}</td>
                <td>{euros(day.refundsCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
