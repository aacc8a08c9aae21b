import { useSuspenseQuery } from "@tanstack/react-query";
import type { CustomerList } from "#shared/api/back-office-customer-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { formatShopDate } from "#shared/dates.ts";
import { Link } from "#web/lib/routing.tsx";
import shared from "../../back-office.module.css";
import styles from "../../components/list-page.module.css";
import { customersQuery } from "./customers-calls.ts";
import { customersHref, readCustomersAddress } from "./customers-url.ts";

/** The page of customers at the address, as a table that becomes one card per customer on a phone. */
export function CustomerResults({ search }: { search: string }) {
  const { data } = useSuspenseQuery(customersQuery(search));
  if (data.kind === "invalid")
    return (
      <p className={shared.notice} role="alert">
        Esta búsqueda no es válida. <Link to={backOfficePaths.customers()}>Ver todos los clientes</Link>
      </p>
    );
  const { list } = data;
  if (list.total === 0) return <p role="status">Ningún cliente coincide con la búsqueda.</p>;
  return (
    <>
      <p role="status" className={shared.muted}>
        {list.total === 1 ? "1 cliente" : `${list.total.toLocaleString("es-ES")} clientes`}
      </p>
      <table className={styles.table}>
        <caption className={styles.caption}>Clientes, de la cuenta más nueva a la más antigua</caption>
        <thead>
          <tr>
            <th scope="col">Nombre</th>
            <th scope="col">Correo</th>
            <th scope="col">Alta</th>
            <th scope="col">Pedidos</th>
            <th scope="col">Boletín</th>
          </tr>
        </thead>
        <tbody>
          {list.items.map((row) => (
            <tr key={row.id}>
              <th scope="row" data-label="Nombre">
                <Link to={backOfficePaths.customer(row.id)}>
                  {`${row.name} ${row.lastName}`.trim() || "(sin nombre)"}
                </Link>
              </th>
              <td data-label="Correo" className={styles.email}>
                {row.email}
              </td>
              <td data-label="Alta">{formatShopDate(row.createdAt, "es")}</td>
              <td data-label="Pedidos">{row.orders}</td>
              <td data-label="Boletín">{row.newsletter ? "Sí" : "No"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pages
        list={list}
        q={readCustomersAddress(search).ok ? new URLSearchParams(search).get("q")?.trim() : undefined}
      />
    </>
  );
}

/** Back and on through the list, the search kept. */
function Pages({ list, q }: { list: CustomerList; q: string | undefined }) {
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  if (pages === 1) return null;
  const at = (page: number) => customersHref({ q: q || undefined, page, pageSize: list.pageSize });
  return (
    <nav aria-label="Páginas de clientes" className={styles.pages}>
      {list.page > 1 && (
        <Link to={at(list.page - 1)} rel="prev">
          Anterior
        </Link>
      )}
      <span>
        Página {list.page} de {pages}
      </span>
      {list.page < pages && (
        <Link to={at(list.page + 1)} rel="next">
          Siguiente
        </Link>
      )}
    </nav>
  );
}
