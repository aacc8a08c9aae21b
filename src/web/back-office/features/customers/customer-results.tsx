import { useSuspenseQuery } from "@tanstack/react-query";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { formatShopDate } from "#shared/dates.ts";
import { Link } from "#web/lib/routing.tsx";
import shared from "../../back-office.module.css";
import styles from "../../components/list-page.module.css";
import { ListPager } from "../../components/list-pager.tsx";
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
      <ListPager
        label="Páginas de clientes"
        page={list.page}
        total={list.total}
        pageSize={list.pageSize}
        href={(page) => customersHref({ q: queryOf(search), page, pageSize: list.pageSize })}
      />
    </>
  );
}

/** The search the address carries, kept from page to page. */
function queryOf(search: string): string | undefined {
  const address = readCustomersAddress(search);
  return address.ok ? address.query.q : undefined;
}
