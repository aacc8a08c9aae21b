import type { OrderStatus } from "#shared/api/order-contract.ts";
import styles from "./orders.module.css";

/** The pill each status wears in lists and on the order page. */
export const statusClass: Record<OrderStatus, string | undefined> = {
  "pendiente-pago": styles.statusPendiente,
  pagado: styles.statusPagado,
  preparando: styles.statusPreparando,
  enviado: styles.statusEnviado,
  entregado: styles.statusEntregado,
  cancelado: styles.statusCancelado,
  "devolucion-solicitada": styles.statusDevolucion,
  devuelto: styles.statusDevuelto,
  caducado: styles.statusCaducado,
};
