import type { OrderStatus } from "#shared/api/order-contract.ts";
import type { Translate } from "#web/lib/i18n/translate.ts";

/**
 * «Pedido 2026-000123», or, for an order without a number (it takes one when paid, decision 034),
 * whether it still awaits payment or never was paid.
 */
export function nameOrder(t: Translate, order: { number: string | null; status: OrderStatus }): string {
  if (order.number) return t("orders.number", { number: order.number });
  return t(order.status === "pendiente-pago" ? "orders.awaitingPayment" : "orders.unpaid");
}
