import type { AdjustmentReason, StockReason } from "#shared/api/back-office-stock-contract.ts";

/** The ledger's reasons as staff read them. */
export const reasonNames: Readonly<Record<StockReason, string>> = {
  opening: "Stock inicial",
  restock: "Reposición",
  count: "Recuento",
  damage: "Daños",
  order: "Pedido",
  cancel: "Pedido cancelado",
  expiry: "Pedido sin pagar caducado",
  return: "Devolución",
};

/** What the units field means for each adjustment. */
export const quantityLabels: Readonly<Record<AdjustmentReason, string>> = {
  restock: "Unidades que entran",
  count: "Unidades contadas en el almacén",
  damage: "Unidades dañadas que salen",
};

/** "+12", "−4": the change as the ledger shows it. */
export const changeText = (change: number) => (change > 0 ? `+${change}` : `−${Math.abs(change)}`);
