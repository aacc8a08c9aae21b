import { asc, desc, eq } from "drizzle-orm";
import type { Catalog } from "#catalog/catalog.ts";
import {
  type BackOfficeOrder,
  backOfficeOrderApi,
  type OrderAction,
  type OrderHistoryEntry,
} from "#shared/api/back-office-order-contract.ts";
import type { OrderStatus } from "#shared/api/order-contract.ts";
import { vatRate } from "#shared/checkout/vat.ts";
import { type ShippingZone, shippingZones } from "#shared/checkout/zones.ts";
import { auditOf } from "../audit/staff-audit.ts";
import type { Database } from "../db/client.ts";
import {
  invoice,
  orderEvent,
  orderLine,
  payment,
  refund,
  returnRequest,
  shopOrder,
  user,
} from "../db/schema.ts";
import { toLoadedOrder } from "../orders/order-views.ts";

type OrderRow = NonNullable<Awaited<ReturnType<typeof readRows>>>;

/** The order by its number, with its lines, history, payment and documents, in one statement. */
function readRows(db: Database, number: string) {
  return db.query.shopOrder.findFirst({
    where: eq(shopOrder.number, number),
    with: {
      lines: { orderBy: [asc(orderLine.position)] },
      history: { orderBy: [asc(orderEvent.at)] },
      payments: { orderBy: [desc(payment.createdAt)] },
      invoices: { orderBy: [asc(invoice.issuedAt), asc(invoice.number)] },
      returnRequests: {
        where: eq(returnRequest.status, "open"),
        orderBy: [asc(returnRequest.createdAt)],
      },
    },
  });
}

/**
 * Everything staff need to handle one order (issue 30): its lines with their pictures, delivery,
 * buyer, payment and refunds, documents, the history the buyer sees merged with the staff audit,
 * and the actions its state allows. Undefined when no order has this number.
 */
export async function readBackOfficeOrder(
  deps: { db: Database; catalog: Catalog },
  number: string,
): Promise<BackOfficeOrder | undefined> {
  const { db } = deps;
  const rows = await readRows(db, number);
  if (!rows) return undefined;
  const [refunds, audit, buyerKind] = await Promise.all([
    refundsOf(db, rows.id),
    auditOf(db, "order", number),
    buyerKindOf(db, rows.userId),
  ]);
  const { view, lang } = toLoadedOrder(rows);
  const paid = rows.payments[0];
  const zone = shippingZones.find((known): known is ShippingZone => known === rows.zone);
  const history: OrderHistoryEntry[] = [
    ...rows.history.map((event) => ({
      kind: "event" as const,
      at: event.at.toISOString(),
      status: event.status,
      note: event.note,
    })),
    ...audit.map(({ at, actor, action, before, after, note }) => ({
      kind: "audit" as const,
      at: at.toISOString(),
      actor,
      action,
      before: before ?? null,
      after: after ?? null,
      note,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return {
    id: rows.id,
    number,
    status: rows.status,
    placedAt: view.placedAt,
    lang,
    lines: rows.lines.map((line) => ({
      position: line.position,
      productId: line.productId,
      code: line.code,
      name: line.name,
      image: deps.catalog.getProduct(line.productId)?.imagen ?? "",
      quantity: line.quantity,
      unitCents: line.unitCents,
      totalCents: line.totalCents,
      discountCents: line.discountCents,
      vatRate: line.vatRate,
      refundedQuantity: line.refundedQuantity,
    })),
    totals: view.totals,
    couponCode: rows.couponCode,
    shippingMethod: rows.shippingMethod,
    shippingVatRate: zone ? vatRate(zone, "general") : null,
    shippingRefunded: refunds.some((given) => given.shippingCents > 0),
    delivery: { ...rows.address, from: rows.deliveryFrom, to: rows.deliveryTo },
    shipment: view.shipment,
    buyer: { ...rows.buyer, kind: buyerKind, userId: rows.userId },
    payment: paid
      ? {
          provider: paid.provider,
          reference: paid.reference,
          method: paid.method,
          cardLast4: paid.cardLast4,
          status: paid.status,
          amountCents: paid.amountCents,
        }
      : null,
    refunds,
    documents: rows.invoices.map((document) => ({
      kind: document.kind,
      number: document.number,
      issuedAt: document.issuedAt.toISOString(),
      totalCents: document.totalCents,
      url: backOfficeOrderApi.document(number, document.number),
    })),
    packingSlipUrl: backOfficeOrderApi.packingSlip(number),
    history,
    returnRequests: view.returnRequests ?? [],
    actions: actionsFor(rows),
  };
}

async function refundsOf(db: Database, orderId: string) {
  const rows = await db
    .select({
      at: refund.createdAt,
      amountCents: refund.amountCents,
      shippingCents: refund.shippingCents,
      status: refund.status,
      restocked: refund.restocked,
      creditNote: invoice.number,
      note: refund.note,
    })
    .from(refund)
    .innerJoin(invoice, eq(invoice.id, refund.creditNoteId))
    .where(eq(refund.orderId, orderId))
    .orderBy(asc(refund.createdAt));
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}

async function buyerKindOf(db: Database, userId: string | null) {
  if (userId === null) return "erased" as const;
  const [buyer] = await db.select({ guest: user.isAnonymous }).from(user).where(eq(user.id, userId));
  if (!buyer) return "erased" as const;
  return buyer.guest ? ("guest" as const) : ("account" as const);
}

/** Where each step may start (the lifecycle's own rules, `order-lifecycle.ts`, checked again there). */
const stepsFrom: Record<"prepare" | "ship" | "deliver" | "cancel" | "return", readonly OrderStatus[]> = {
  prepare: ["pagado"],
  ship: ["pagado", "preparando"],
  deliver: ["enviado"],
  cancel: ["pendiente-pago", "pagado", "preparando"],
  return: ["entregado", "devolucion-solicitada"],
};
/** A refund by line: the money is in and still with the shop (`refund-lines.ts`). */
const refundableFrom: readonly OrderStatus[] = [
  "pagado",
  "preparando",
  "enviado",
  "entregado",
  "devolucion-solicitada",
];

/** The actions the order's page offers now; a note can always be added. */
function actionsFor(order: OrderRow): OrderAction[] {
  const captured = order.payments[0]?.status === "captured";
  const unitsLeft = order.lines.some((line) => line.refundedQuantity < line.quantity);
  const actions: OrderAction[] = [];
  if (stepsFrom.prepare.includes(order.status)) actions.push("prepare");
  if (stepsFrom.ship.includes(order.status)) actions.push("ship");
  if (stepsFrom.deliver.includes(order.status)) actions.push("deliver");
  if (stepsFrom.cancel.includes(order.status)) actions.push("cancel");
  if (captured && refundableFrom.includes(order.status)) actions.push("refund");
  if (captured && unitsLeft && stepsFrom.return.includes(order.status)) actions.push("return");
  actions.push("note");
  return actions;
}
