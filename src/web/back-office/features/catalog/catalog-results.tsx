import { useSuspenseQuery } from "@tanstack/react-query";
import type { CatalogList } from "#shared/api/back-office-catalog-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { formatPrice } from "#shared/money.ts";
import { Link } from "#web/lib/routing.tsx";
import { ProductImage } from "#web/ui/product-image.tsx";
import shared from "../../back-office.module.css";
import listPage from "../../components/list-page.module.css";
import styles from "./catalog.module.css";
import { catalogListQuery } from "./catalog-calls.ts";
import { filedUnder } from "./catalog-labels.ts";
import { catalogHref, readCatalogAddress } from "./catalog-url.ts";

/** «Oculto»: said in words beside the colour, so it reads without it. */
export function HiddenBadge() {
  return <span className={styles.hiddenBadge}>Oculto</span>;
}

/** The page of products at the address, as a table that becomes one card per product on a phone. */
export function CatalogResults({ search }: { search: string }) {
  const { data } = useSuspenseQuery(catalogListQuery(search));
  if (data.kind === "invalid")
    return (
      <p className={shared.notice} role="alert">
        Esta búsqueda no es válida. <Link to={backOfficePaths.catalog()}>Ver todos los productos</Link>
      </p>
    );
  const { list } = data;
  if (list.total === 0) return <p role="status">Ningún producto coincide con la búsqueda.</p>;
  return (
    <>
      <p role="status" className={shared.muted}>
        {list.total === 1 ? "1 producto" : `${list.total.toLocaleString("es-ES")} productos`}
      </p>
      <table className={listPage.table}>
        <caption className={listPage.caption}>Productos del catálogo, por nombre</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className={styles.visuallyHidden}>Foto</span>
            </th>
            <th scope="col">Producto</th>
            <th scope="col">Código</th>
            <th scope="col">Categoría</th>
            <th scope="col" className={styles.priceHead}>
              Precio
            </th>
          </tr>
        </thead>
        <tbody>
          {list.items.map((row) => (
            <tr key={row.id} className={row.published ? undefined : styles.hiddenRow}>
              <td data-label="Foto" className={styles.photoCell}>
                <ProductImage src={row.imagen} alt="" sizes="48px" className={styles.thumbnail} />
              </td>
              <th scope="row" data-label="Producto">
                <span className={styles.name}>
                  <Link to={backOfficePaths.catalogProduct(String(row.id))}>
                    {row.texto || `Producto ${row.id}`}
                  </Link>
                  {row.published ? null : <HiddenBadge />}
                </span>
              </th>
              <td data-label="Código">{row.codigo || "—"}</td>
              <td data-label="Categoría" className={styles.filed}>
                {filedUnder(row)}
              </td>
              <td data-label="Precio" className={styles.price}>
                {formatPrice(row.priceCents, "es")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pages list={list} search={search} />
    </>
  );
}

/** Back and on through the list, the search kept. */
function Pages({ list, search }: { list: CatalogList; search: string }) {
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const address = readCatalogAddress(search);
  if (pages === 1 || !address.ok) return null;
  const at = (page: number) => catalogHref({ ...address.query, page });
  return (
    <nav aria-label="Páginas de productos" className={listPage.pages}>
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
