import type { OrderHistoryEntry } from "#shared/api/back-office-order-contract.ts";
import { type OrderStatus, orderStatuses } from "#shared/api/order-contract.ts";
import { brand } from "#shared/brand.ts";
import { SHOP_TIME_ZONE } from "#shared/dates.ts";
import { formatPrice } from "#shared/money.ts";
import shopper from "#web/lib/i18n/locales/es.shopper.json";

/** The statuses as the shop names them to its Spanish shoppers (one wording). */
export const statusLabels: Readonly<Record<OrderStatus, string>> = shopper.orders.status;
export const methodLabels: Readonly<Record<string, string>> = shopper.checkout.pay.methods;
export const shippingLabels: Readonly<Record<string, string>> = shopper.checkout.methods;

export const euros = (cents: number) => formatPrice(cents, "es");

const dateTime = new Intl.DateTimeFormat("es-ES", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: SHOP_TIME_ZONE,
});
/** "27 nov 2026, 11:39" on the shop's clock (Madrid), wherever it is read. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

const day = new Intl.DateTimeFormat("es-ES", { day: "numeric", month: "long", timeZone: "UTC" });
/** "1 de diciembre": a delivery day (a calendar date, "2026-12-01"). */
export const formatDay = (date: string) => day.format(new Date(`${date}T12:00:00Z`));

export const carrierOptions = brand.carriers.map((carrier) => ({ value: carrier.id, label: carrier.name }));

export const paymentStatusLabels: Readonly<Record<string, string>> = {
  pending: "Pendiente",
  authorized: "Autorizado",
  captured: "Cobrado",
  "refund-pending": "Devolución en curso",
  refunded: "Devuelto",
  "cancel-pending": "Anulación en curso",
  cancelled: "Anulado",
};

const auditLabels: Readonly<Record<string, string>> = {
  "order.prepare": "Pasó a preparación",
  "order.ship": "Envió el pedido",
  "order.deliver": "Lo marcó como entregado",
  "order.cancel": "Canceló el pedido con reembolso",
  "order.receive-return": "Recibió la devolución entera",
  "order.refund": "Reembolsó una parte",
  "order.return": "Aceptó la devolución",
  "order.note": "Nota interna",
  "order.multibanco-test-paid": "Pagó la referencia Multibanco de prueba",
};

/** What one moment of the history says: the status the buyer saw, or what staff did. */
export function historyTitle(entry: OrderHistoryEntry): string {
  if (entry.kind === "event") return `Estado: ${statusLabels[entry.status]}`;
  return auditLabels[entry.action] ?? entry.action;
}

/** "estado: Pagado → Enviado; número: EV-1": what changed, from the audit's before and after. */
export function changeOf(entry: Extract<OrderHistoryEntry, { kind: "audit" }>): string {
  const after = entry.after ?? {};
  const before = entry.before ?? {};
  return Object.entries(after)
    .filter(([key]) => key in fieldLabels)
    .map(([key, value]) => {
      const was = key in before ? `${shown(key, before[key])} → ` : "";
      return `${fieldLabels[key]}: ${was}${shown(key, value)}`;
    })
    .join("; ");
}

const fieldLabels: Readonly<Record<string, string>> = {
  status: "estado",
  carrier: "transportista",
  trackingNumber: "seguimiento",
  creditNote: "factura de abono",
  amountCents: "importe",
  restock: "a la venta",
};

function shown(key: string, value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (key === "status" && isStatus(value)) return statusLabels[value];
  if (key === "amountCents" && typeof value === "number") return euros(value);
  if (typeof value === "boolean") return value ? "sí" : "no";
  return String(value);
}

const isStatus = (value: unknown): value is OrderStatus => orderStatuses.some((status) => status === value);
