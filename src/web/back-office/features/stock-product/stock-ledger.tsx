import { orderNumberSchema } from "#shared/api/back-office-order-contract.ts";
import type { StockMovement } from "#shared/api/back-office-stock-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { formatShopDate } from "#shared/dates.ts";
import { Link } from "#web/lib/routing.tsx";
import listPage from "../../components/list-page.module.css";
import table from "../stock/stock.module.css";
import { changeText, reasonNames } from "./stock-labels.ts";

/** Every change of the product's stock, newest first, with who made it and the stock it left. */
export function StockLedger({ movements, more }: { movements: readonly StockMovement[]; more: boolean }) {
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
      {more && <p>Se muestran los 200 movimientos más recientes.</p>}
    </section>
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
