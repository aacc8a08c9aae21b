import { orderNumberSchema } from "#shared/api/back-office-order-contract.ts";
import {
  LEDGER_PAGE_SIZE,
  type StockMovement,
  type StockProduct,
} from "#shared/api/back-office-stock-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { formatShopDate } from "#shared/dates.ts";
import { Link } from "#web/lib/routing.tsx";
import listPage from "../../components/list-page.module.css";
import table from "../stock/stock.module.css";
import { changeText, reasonNames } from "./stock-labels.ts";

/**
 * Every change of the product's stock, newest first, with who made it and the stock it left: a
 * page of them, «Más antiguos» for the next (keyset by entry: one written meanwhile moves none).
 */
export function StockLedger({ page }: { page: StockProduct }) {
  const { movements } = page;
  return (
    <section aria-labelledby="ledger-title">
      <h2 id="ledger-title">Movimientos</h2>
      <table className={listPage.table}>
        <caption className={listPage.caption}>Movimientos de stock, del más reciente al más antiguo</caption>
        <thead>
          <tr>
            <th scope="col">Fecha</th>
            <th scope="col">Motivo</th>
            <th scope="col">Cambio</th>
            <th scope="col">Queda</th>
            <th scope="col">Quién</th>
            <th scope="col">Nota</th>
          </tr>
        </thead>
        <tbody>
          {movements.map((movement) => (
            <tr key={movement.id}>
              <td data-label="Fecha">{formatShopDate(movement.at, "es")}</td>
              <th scope="row" data-label="Motivo">
                {reasonNames[movement.reason]}
              </th>
              <td data-label="Cambio" className={table.units}>
                {changeText(movement.change)}
              </td>
              <td data-label="Queda" className={table.units}>
                {movement.balance}
              </td>
              <td data-label="Quién">
                <Who movement={movement} />
              </td>
              <td data-label="Nota">{movement.note || "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {page.before === null && page.more && (
        <p>Se muestran los {LEDGER_PAGE_SIZE} movimientos más recientes.</p>
      )}
      <LedgerPages page={page} />
    </section>
  );
}

/** Back to the newest entries, and on to older ones, when there are any. */
function LedgerPages({ page }: { page: StockProduct }) {
  if (page.before === null && page.older === null) return null;
  const path = backOfficePaths.stockProduct(String(page.product.productId));
  return (
    <nav aria-label="Páginas de movimientos" className={listPage.pages}>
      {page.before !== null && <Link to={path}>Más recientes</Link>}
      {page.older !== null && (
        <Link to={`${path}?before=${page.older}`} rel="next">
          Más antiguos
        </Link>
      )}
    </nav>
  );
}

function Who({ movement }: { movement: StockMovement }) {
  if (movement.staff) return <>{movement.staff}</>;
  const order = movement.order;
  // A paid order has a number and a page; an unpaid one only its id.
  if (order && orderNumberSchema.safeParse(order).success)
    return <Link to={backOfficePaths.order(order)}>Pedido {order}</Link>;
  if (order) return <>Pedido sin pagar</>;
  return <>La tienda</>;
}
