import { useSuspenseQuery } from "@tanstack/react-query";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { formatShopDateTime } from "#shared/dates.ts";
import { Link } from "#web/lib/routing.tsx";
import shared from "../../back-office.module.css";
import listPage from "../../components/list-page.module.css";
import { ListPager } from "../../components/list-pager.tsx";
import styles from "./newsletter.module.css";
import { subscribersQuery } from "./newsletter-calls.ts";
import { countText, languageNames, stateNames, subscribersText } from "./newsletter-labels.ts";
import { exportHref, readSubscribersAddress, subscribersHref } from "./newsletter-url.ts";

/** The page of subscribers at the address, as a table that becomes one card per subscriber on a phone. */
export function SubscriberResults({ search }: { search: string }) {
  const { data } = useSuspenseQuery(subscribersQuery(search));
  const address = readSubscribersAddress(search);
  if (data.kind === "invalid" || !address.ok)
    return (
      <p className={shared.notice} role="alert">
        Esta búsqueda no es válida. <Link to={backOfficePaths.newsletter()}>Ver todos los suscriptores</Link>
      </p>
    );
  const { list } = data;
  const { query } = address;
  return (
    <>
      <div className={styles.heading}>
        <p role="status" className={shared.muted}>
          {countText(list.counts.confirmed, "confirmado", "confirmados")} ·{" "}
          {countText(list.counts.pending, "pendiente de confirmar", "pendientes de confirmar")}
          {query.q !== undefined || query.state !== undefined
            ? ` · ${countText(list.total, "coincide", "coinciden")} con la búsqueda`
            : ""}
        </p>
        {list.total > 0 && (
          // A plain link: the browser downloads the file the API answers.
          <a href={exportHref(query)} download className={styles.download}>
            Descargar CSV ({subscribersText(list.total)})
          </a>
        )}
      </div>
      {list.total === 0 ? (
        <p>Ningún suscriptor coincide con la búsqueda.</p>
      ) : (
        <table className={listPage.table}>
          <caption className={listPage.caption}>Suscriptores, del más nuevo al más antiguo</caption>
          <thead>
            <tr>
              <th scope="col">Correo</th>
              <th scope="col">Idioma</th>
              <th scope="col">Estado</th>
              <th scope="col">Consentimiento</th>
              <th scope="col">Confirmación</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((row) => (
              <tr key={row.email}>
                <th scope="row" data-label="Correo" className={listPage.email}>
                  {row.email}
                </th>
                <td data-label="Idioma">{languageNames[row.locale]}</td>
                <td data-label="Estado">
                  <span className={styles[row.state]}>{stateNames[row.state]}</span>
                </td>
                <td data-label="Consintió">{formatShopDateTime(row.consentedAt, "es")}</td>
                <td data-label="Confirmó">
                  {row.confirmedAt ? formatShopDateTime(row.confirmedAt, "es") : "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ListPager
        label="Páginas de suscriptores"
        page={list.page}
        total={list.total}
        pageSize={list.pageSize}
        href={(page) => subscribersHref({ ...query, page })}
      />
    </>
  );
}
