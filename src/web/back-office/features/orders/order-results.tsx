import { useSuspenseQuery } from "@tanstack/react-query";
import type { StaffOrderList, StaffOrderListQuery, StaffOrderRow } from "#shared/api/back-office-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { formatPrice } from "#shared/money.ts";
import { Link } from "#web/lib/routing.tsx";
import shared from "../../back-office.module.css";
import styles from "./orders.module.css";
import { ordersQuery } from "./orders-calls.ts";
import { destinationText, formatPlacedAt, methodLabels, statusLabels } from "./orders-labels.ts";
import { OrdersTable } from "./orders-table.tsx";
import { isFiltered, listHref, readListAddress } from "./orders-url.ts";

/** The list at the address: its count, the orders (a table, or cards on a phone) and its pages. */
export function OrderResults({ search }: { search: string }) {
  const { data } = useSuspenseQuery(ordersQuery(search));
  const address = readListAddress(search);
  if (data.kind === "invalid" || !address.ok) {
    return (
      <p className={shared.notice} role="alert">
        La búsqueda no es válida: revisa las fechas («Desde» no puede ser posterior a «Hasta») y vuelve a
        buscar.
      </p>
    );
  }
  const { list } = data;
  const { query } = address;
  if (list.total === 0) {
    return (
      <p className={styles.empty}>
        {isFiltered(query) ? "Ningún pedido coincide con la búsqueda." : "Todavía no hay pedidos pagados."}
      </p>
    );
  }
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const atDepth = !list.totalExact && !list.hasNext;
  return (
    <>
      <p className={styles.count} id="orders-count">
        {countText(list)}
      </p>
      {list.items.length === 0 ? (
        <p className={styles.empty}>
          Esta página no tiene pedidos
          {list.totalExact ? `: la lista tiene ${pages} páginas.` : "."}
        </p>
      ) : (
        <>
          <OrdersTable rows={list.items} query={query} />
          <OrderCards rows={list.items} />
        </>
      )}
      {atDepth && (
        <p className={styles.empty}>
          La lista llega hasta el pedido {list.total.toLocaleString("es-ES")}: usa la búsqueda o los filtros
          para ver los demás.
        </p>
      )}
      <Pager query={query} pages={pages} counted={list.totalExact} hasNext={list.hasNext} />
    </>
  );
}

/** «35 pedidos · del 26 al 35», or «Más de 10.000 pedidos · …» past what the list counts. */
function countText({ total, totalExact, page, pageSize, items }: StaffOrderList): string {
  const noun = total === 1 ? "pedido" : "pedidos";
  const howMany = `${totalExact ? "" : "Más de "}${total.toLocaleString("es-ES")} ${noun}`;
  if (items.length === 0) return howMany;
  const first = (page - 1) * pageSize + 1;
  return `${howMany} · del ${first} al ${first + items.length - 1}`;
}

/** On a phone, each order as a card with its facts named (the table would not fit). */
function OrderCards({ rows }: { rows: readonly StaffOrderRow[] }) {
  return (
    <ul className={styles.cards} aria-labelledby="orders-count">
      {rows.map((row) => (
        <li key={row.number} className={styles.card}>
          <p className={styles.cardHead}>
            <Link to={backOfficePaths.order(row.number)}>Pedido {row.number}</Link>
            <span className={styles.status}>{statusLabels[row.status]}</span>
          </p>
          <dl className={styles.cardFacts}>
            <dt>Fecha</dt>
            <dd>{formatPlacedAt(row.placedAt)}</dd>
            <dt>Comprador</dt>
            <dd>{row.buyer}</dd>
            <dt>Correo</dt>
            <dd>{row.email}</dd>
            <dt>Teléfono</dt>
            <dd>{row.phone}</dd>
            <dt>Destino</dt>
            <dd>{destinationText(row)}</dd>
            <dt>Pago</dt>
            <dd>{row.method === null ? "—" : methodLabels[row.method]}</dd>
            <dt>Unidades</dt>
            <dd>{row.units}</dd>
            <dt>Total</dt>
            <dd>{formatPrice(row.totalCents, "es")}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/**
 * Previous and next, and where the reader is: «Página 2 de 40», or «Página 2» when more match than
 * the list counts (its `pages` then reach its depth).
 */
function Pager(props: { query: StaffOrderListQuery; pages: number; counted: boolean; hasNext: boolean }) {
  const { query, pages, counted, hasNext } = props;
  const { page } = query;
  const previous = Math.min(page - 1, pages);
  return (
    <nav aria-label="Páginas de pedidos" className={styles.pager}>
      {page > 1 ? (
        <Link to={listHref({ ...query, page: previous })} rel="prev">
          Anterior
        </Link>
      ) : (
        <span aria-hidden="true" className={styles.pagerOff}>
          Anterior
        </span>
      )}
      <span>{counted ? `Página ${page} de ${pages}` : `Página ${page}`}</span>
      {hasNext ? (
        <Link to={listHref({ ...query, page: page + 1 })} rel="next">
          Siguiente
        </Link>
      ) : (
        <span aria-hidden="true" className={styles.pagerOff}>
          Siguiente
        </span>
      )}
    </nav>
  );
}
