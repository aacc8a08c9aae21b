import { and, asc, desc, eq, max, notInArray, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import {
  type CreditNoteSummary,
  type OrderStatus,
  type OrderSummary,
  type OrderView,
  returnLinesSchema,
} from "#shared/api/order-contract.ts";
import { withdrawalDeadline } from "#shared/checkout/returns.ts";
import type { Lang } from "#shared/lang.ts";
import { trackingLink } from "#shared/tracking.ts";
import type { Database, Transaction } from "../db/client.ts";
import { invoice, orderEvent, orderLine, payment, returnRequest, shopOrder } from "../db/schema.ts";
import type { InvoiceDocument } from "../invoices/invoice-pdf.ts";

/** One of the shopper's orders in full, or undefined when it is not theirs. */
export async function readOrder(
  db: Database,
  userId: string,
  orderId: string,
): Promise<OrderView | undefined> {
  return (await loadOrder(db, orderId, userId))?.view;
}

export type LoadedOrder = { view: OrderView; lang: Lang };

const everything = {
  lines: { orderBy: [asc(orderLine.position)] },
  history: { orderBy: [asc(orderEvent.at)] },
  payments: { orderBy: [desc(payment.createdAt)] },
  invoices: { orderBy: [asc(invoice.issuedAt)] },
  returnRequests: {
    where: eq(returnRequest.status, "open"),
    orderBy: [asc(returnRequest.createdAt)],
  },
};

/** One statement: the order with its lines, history, payments and invoices. */
function orderQuery(db: Database | Transaction, forBuyer: boolean) {
  const id = eq(shopOrder.id, sql.placeholder("orderId"));
  return db.query.shopOrder.findFirst({
    where: forBuyer ? and(id, eq(shopOrder.userId, sql.placeholder("userId"))) : id,
    columns: { searchEmail: false, searchFullName: false, searchLastName: false, searchPhone: false },
    with: everything,
  });
}

const prepare = (db: Database | Transaction, forBuyer: boolean) =>
  orderQuery(db, forBuyer).prepare(forBuyer ? "order-load-for-buyer" : "order-load");
type OrderQueries = { any: ReturnType<typeof prepare>; forBuyer: ReturnType<typeof prepare> };

/**
 * The order query of each database, built once (building it took a millisecond, twice per
 * checkout) and run by name, so PostgreSQL plans it once per connection. A transaction (an
 * order's status changing) builds its own.
 */
const prepared = new WeakMap<Database, OrderQueries>();
function preparedFor(db: Database): OrderQueries {
  let queries = prepared.get(db);
  if (!queries) {
    queries = { any: prepare(db, false), forBuyer: prepare(db, true) };
    prepared.set(db, queries);
  }
  return queries;
}

/**
 * An order in full with the language it was placed in (its mails and documents speak it);
 * limited to its buyer when `userId` is given.
 */
export async function loadOrder(
  db: Database | Transaction,
  orderId: string,
  userId?: string,
): Promise<LoadedOrder | undefined> {
  const values = { orderId, userId };
  const forBuyer = userId !== undefined;
  const query =
    db instanceof PgTransaction ? prepare(db, forBuyer) : preparedFor(db)[forBuyer ? "forBuyer" : "any"];
  const order = await query.execute(values);
  return order && toLoadedOrder(order);
}

/** The back office's search keys, which the database derives from the buyer and address. */
type SearchKey = "searchEmail" | "searchFullName" | "searchLastName" | "searchPhone";

/** An order's rows as stored: the order with its lines, history, payments (newest first) and invoices. */
export type OrderRows = Omit<typeof shopOrder.$inferSelect, SearchKey> & {
  lines: (typeof orderLine.$inferSelect)[];
  history: (typeof orderEvent.$inferSelect)[];
  payments: (typeof payment.$inferSelect)[];
  invoices: (typeof invoice.$inferSelect)[];
  /** Open return requests (decision 059); a new order has none. */
  returnRequests?: (typeof returnRequest.$inferSelect)[];
};

/** What the shopper, the operator and the mails are shown of an order's rows. */
export function toLoadedOrder(order: OrderRows): LoadedOrder {
  const { lines, history, payments, invoices } = order;
  const paid = payments[0];
  const view: OrderView = {
    id: order.id,
    number: order.number,
    status: order.status,
    placedAt: order.placedAt.toISOString(),
    lines: lines.map(
      ({ productId, code, name, quantity, unitCents, totalCents, vatRate, refundedQuantity }) => ({
        productId,
        code,
        name,
        quantity,
        unitCents,
        totalCents,
        vatRate,
        refundedQuantity,
      }),
    ),
    address: order.address,
    buyer: order.buyer,
    shippingMethod: order.shippingMethod,
    couponCode: order.couponCode,
    totals: {
      subtotalCents: order.subtotalCents,
      discountCents: order.discountCents,
      shippingCents: order.shippingCents,
      vat: order.vat,
      totalCents: order.totalCents,
    },
    delivery: { from: order.deliveryFrom, to: order.deliveryTo },
    payBy: order.status === "pendiente-pago" && order.payBy ? order.payBy.toISOString() : null,
    shipment:
      order.carrier && order.trackingNumber ? trackingLink(order.carrier, order.trackingNumber) : null,
    payment: paid
      ? {
          provider: paid.provider,
          method: paid.method,
          cardLast4: paid.cardLast4,
          status: paid.status,
          lastFailure: paid.lastFailure,
          multibanco: paid.status === "pending" ? paid.multibanco : null,
        }
      : null,
    invoices: invoices.map((row) => ({
      kind: row.kind,
      number: row.number,
      issuedAt: row.issuedAt.toISOString(),
      totalCents: row.totalCents,
    })),
    history: history.map((event) => ({ status: event.status, at: event.at.toISOString(), note: event.note })),
    returnRequests: (order.returnRequests ?? [])
      .filter((request) => request.status === "open")
      .map((request) => ({
        id: request.id,
        createdAt: request.createdAt.toISOString(),
        lines: returnLinesSchema.parse(request.lines),
      })),
    returnableUntil: returnableUntil(order.status, history),
  };
  return { view, lang: order.lang };
}

/** A delivered order: 14 days after its (first) delivery, the last moment to withdraw. */
function returnableUntil(status: OrderStatus, history: readonly { status: OrderStatus; at: Date }[]) {
  if (status !== "entregado") return null;
  const delivered = history.find((event) => event.status === "entregado");
  return delivered ? withdrawalDeadline(delivered.at).toISOString() : null;
}

/** Orders whose products the shopper does not have: never paid, or cancelled. */
const notBought: OrderStatus[] = ["pendiente-pago", "caducado", "cancelado"];

/** The shopper's orders, newest first. */
export async function listOrders(db: Database, userId: string): Promise<OrderSummary[]> {
  const rows = await db
    .select({
      id: shopOrder.id,
      number: shopOrder.number,
      status: shopOrder.status,
      placedAt: shopOrder.placedAt,
      totalCents: shopOrder.totalCents,
    })
    .from(shopOrder)
    .where(eq(shopOrder.userId, userId))
    .orderBy(desc(shopOrder.placedAt), desc(shopOrder.number));
  return rows.map((row) => ({
    ...row,
    status: row.status as OrderStatus,
    placedAt: row.placedAt.toISOString(),
  }));
}

/**
 * An order's invoice or credit note, ready to print, for its buyer only: by kind (a credit note
 * then the latest) or by number.
 */
export async function readOrderDocument(
  db: Database,
  userId: string,
  orderId: string,
  which: string,
): Promise<InvoiceDocument | undefined> {
  return documentOf(db, orderId, which, userId);
}

/** An order's invoice or credit note by kind or number, for the staff (the back office, issue 30). */
export function readStaffOrderDocument(
  db: Database,
  orderId: string,
  which: string,
): Promise<InvoiceDocument | undefined> {
  return documentOf(db, orderId, which);
}

async function documentOf(
  db: Database,
  orderId: string,
  which: string,
  userId?: string,
): Promise<InvoiceDocument | undefined> {
  const loaded = await loadOrder(db, orderId, userId);
  if (!loaded) return undefined;
  const rows = await db
    .select()
    .from(invoice)
    .where(eq(invoice.orderId, orderId))
    .orderBy(desc(invoice.issuedAt), desc(invoice.number));
  const document = rows.find((row) => row.kind === which || row.number === which);
  if (!document) return undefined;
  const corrected = rows.find((row) => row.id === document.correctsId);
  return {
    kind: document.kind,
    number: document.number,
    issuedAt: document.issuedAt,
    corrects: corrected?.number,
    refund: document.refund ?? undefined,
    order: loaded.view,
    lang: loaded.lang,
  };
}

/** The shopper's credit notes (facturas de abono), newest first, with the order each belongs to. */
export async function listCreditNotes(db: Database, userId: string): Promise<CreditNoteSummary[]> {
  const rows = await db
    .select({
      orderId: shopOrder.id,
      orderNumber: shopOrder.number,
      number: invoice.number,
      issuedAt: invoice.issuedAt,
      totalCents: invoice.totalCents,
    })
    .from(invoice)
    .innerJoin(shopOrder, eq(shopOrder.id, invoice.orderId))
    .where(and(eq(shopOrder.userId, userId), eq(invoice.kind, "credit-note")))
    .orderBy(desc(invoice.issuedAt), desc(invoice.number));
  // A credit note corrects an invoice, which only a paid (so numbered) order has.
  return rows.map((row) => ({
    ...row,
    orderNumber: row.orderNumber ?? "",
    issuedAt: row.issuedAt.toISOString(),
  }));
}

/** Every product the shopper has bought (orders paid and not cancelled), the latest purchase first. */
export async function listPurchasedProducts(db: Database, userId: string) {
  const rows = await db
    .select({ productId: orderLine.productId, lastBought: max(shopOrder.placedAt) })
    .from(orderLine)
    .innerJoin(shopOrder, eq(shopOrder.id, orderLine.orderId))
    .where(and(eq(shopOrder.userId, userId), notInArray(shopOrder.status, notBought)))
    .groupBy(orderLine.productId)
    .orderBy(desc(max(shopOrder.placedAt)), asc(orderLine.productId));
  return rows.flatMap((row) =>
    row.lastBought ? [{ productId: row.productId, lastBought: row.lastBought }] : [],
  );
}
