import type { StaffOrderListQuery, StaffOrderRow, StaffOrderSort } from "#shared/api/back-office-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { formatPrice } from "#shared/money.ts";
import { Link } from "#web/lib/routing.tsx";
import styles from "./orders.module.css";
import { destinationText, formatPlacedAt, methodLabels, statusLabels } from "./orders-labels.ts";
import { listHref } from "./orders-url.ts";

/** The orders as a table on a wide screen; the date, the total and the number sort it. */
export function OrdersTable({ rows, query }: { rows: readonly StaffOrderRow[]; query: StaffOrderListQuery }) {
  return (
    <table className={styles.table}>
      <caption className={styles.visuallyHidden}>Pedidos, {sortText(query)}</caption>
      <thead>
        <tr>
          <SortHeader query={query} sort="number" label="Pedido" />
          <SortHeader query={query} sort="placedAt" label="Fecha" />
          <th scope="col">Comprador</th>
          <th scope="col">Correo</th>
          <th scope="col">Teléfono</th>
          <th scope="col">Destino</th>
          <th scope="col">Pago</th>
          <th scope="col" className={styles.number}>
            Uds.
          </th>
          <SortHeader query={query} sort="total" label="Total" numeric />
          <th scope="col">Estado</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.number}>
            <th scope="row">
              <Link to={backOfficePaths.order(row.number)}>{row.number}</Link>
            </th>
            <td className={styles.nowrap}>{formatPlacedAt(row.placedAt)}</td>
            <td>{row.buyer}</td>
            <td className={styles.email}>{row.email}</td>
            <td className={styles.nowrap}>{row.phone}</td>
            <td>{destinationText(row)}</td>
            <td>{row.method === null ? "—" : methodLabels[row.method]}</td>
            <td className={styles.number}>{row.units}</td>
            <td className={`${styles.number} ${styles.nowrap}`}>{formatPrice(row.totalCents, "es")}</td>
            <td>{statusLabels[row.status]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const sortNames: Record<StaffOrderSort, string> = { placedAt: "fecha", total: "total", number: "número" };

function sortText({ sort, dir }: StaffOrderListQuery): string {
  return `por ${sortNames[sort]}, ${dir === "asc" ? "de menor a mayor" : "de mayor a menor"}`;
}

/**
 * A heading that sorts by its column: the first click newest or largest first, the next the other
 * way. `aria-sort` says how the column is sorted now.
 */
function SortHeader(props: {
  query: StaffOrderListQuery;
  sort: StaffOrderSort;
  label: string;
  numeric?: boolean;
}) {
  const { query, sort, label } = props;
  const current = query.sort === sort;
  const dir = current && query.dir === "desc" ? "asc" : "desc";
  const ariaSort = current ? (query.dir === "asc" ? "ascending" : "descending") : undefined;
  return (
    <th scope="col" aria-sort={ariaSort} className={props.numeric ? styles.number : undefined}>
      <Link to={listHref({ ...query, sort, dir, page: 1 })} className={styles.sortLink}>
        {label}
        <span aria-hidden="true">{current ? (query.dir === "asc" ? " ▲" : " ▼") : ""}</span>
        <span className={styles.visuallyHidden}>
          {`, ordenar ${dir === "asc" ? "de menor a mayor" : "de mayor a menor"}`}
        </span>
      </Link>
    </th>
  );
}
