import { useSuspenseQuery } from "@tanstack/react-query";
import type { StockRow } from "#shared/api/back-office-stock-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { Link } from "#web/lib/routing.tsx";
import shared from "../../back-office.module.css";
import listPage from "../../components/list-page.module.css";
import { ListPager } from "../../components/list-pager.tsx";
import styles from "./stock.module.css";
import { stockListQuery } from "./stock-calls.ts";
import { readStockAddress, stockHref } from "./stock-url.ts";

/** "Agotado", "Poco stock" or "En stock": said in words, not by colour alone. */
export function StockState({ row }: { row: Pick<StockRow, "available" | "low"> }) {
  if (row.available === 0) return <span className={styles.out}>Agotado</span>;
  if (row.low) return <span className={styles.low}>Poco stock</span>;
  return <span>En stock</span>;
}

/** The page of products at the address, as a table that becomes one card per product on a phone. */
export function StockResults({ search }: { search: string }) {
  const { data } = useSuspenseQuery(stockListQuery(search));
  if (data.kind === "invalid")
    return (
      <p className={shared.notice} role="alert">
        Esta búsqueda no es válida. <Link to={backOfficePaths.stock()}>Ver todos los productos</Link>
      </p>
    );
  const { list } = data;
  if (list.total === 0) return <p role="status">Ningún producto coincide con la búsqueda.</p>;
  return (
    <>
      <p role="status" className={shared.muted}>
        {list.total === 1 ? "1 producto" : `${list.total.toLocaleString("es-ES")} productos`} · poco stock con{" "}
        {list.threshold} {list.threshold === 1 ? "unidad" : "unidades"} o menos
      </p>
      <table className={listPage.table}>
        <caption className={listPage.caption}>Productos y sus unidades disponibles, por nombre</caption>
        <thead>
          <tr>
            <th scope="col">Producto</th>
            <th scope="col">Referencia</th>
            <th scope="col">Unidades</th>
            <th scope="col">Estado</th>
          </tr>
        </thead>
        <tbody>
          {list.items.map((row) => (
            <tr key={row.productId} className={row.low ? styles.lowRow : undefined}>
              <th scope="row" data-label="Producto">
                <Link to={backOfficePaths.stockProduct(String(row.productId))}>{row.name}</Link>
              </th>
              <td data-label="Referencia">{row.reference || "—"}</td>
              <td data-label="Unidades" className={styles.units}>
                {row.available}
              </td>
              <td data-label="Estado">
                <StockState row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ListPager
        label="Páginas de productos"
        page={list.page}
        total={list.total}
        pageSize={list.pageSize}
        href={(page) => {
          const address = readStockAddress(search);
          return stockHref({ ...(address.ok ? address.query : { low: false }), page });
        }}
      />
    </>
  );
}
