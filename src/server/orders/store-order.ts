import { randomUUID } from "node:crypto";
import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { createSelectSchema } from "drizzle-zod";
import { z } from "zod";
import type { PlaceOrderRequest } from "#shared/api/order-contract.ts";
import { vatRate } from "#shared/checkout/vat.ts";
import type { Lang } from "#shared/lang.ts";
import { namedStatement, type Transaction } from "../db/client.ts";
import { cartLine, orderEvent, orderLine, productStock, shopOrder, stockMovement } from "../db/schema.ts";
import type { MailMessage } from "../mail/mailer.ts";
import type { Quote } from "./checkout-quote.ts";
import type { OrderRows } from "./order-views.ts";

export type NewOrder = {
  buyer: { id: string; email: string };
  request: Pick<PlaceOrderRequest, "idempotencyKey" | "invoice">;
  quote: Quote;
  lang: Lang;
  placedAt: Date;
};

/** How long a new order waits for its payment (cards, wallets, Bizum, MB WAY) before it expires. */
export const PAY_WITHIN_MS = 30 * 60_000;

/**
 * A new order's rows exactly as they are to be stored, ids included: awaiting payment, without a
 * number (taken with its invoice when the money is in, `order-payments.ts`; decision 034).
 */
export function newOrderRows({ buyer, request, quote, lang, placedAt }: NewOrder): OrderRows {
  const id = randomUUID();
  const { totals } = quote;
  return {
    id,
    number: null,
    userId: buyer.id,
    idempotencyKey: request.idempotencyKey,
    status: "pendiente-pago",
    lang,
    zone: quote.zone,
    shippingMethod: quote.shippingMethod,
    address: quote.address,
    buyer: {
      name: request.invoice.name,
      lastName: request.invoice.lastName,
      email: buyer.email,
      company: request.invoice.company,
      taxId: request.invoice.taxId,
    },
    couponCode: quote.coupon?.code ?? null,
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    shippingCents: totals.shippingCents,
    totalCents: totals.totalCents,
    vat: totals.vat,
    deliveryFrom: quote.delivery.from,
    deliveryTo: quote.delivery.to,
    placedAt,
    payBy: new Date(placedAt.getTime() + PAY_WITHIN_MS),
    carrier: null,
    trackingNumber: null,
    // Copied from its payment by the database once the payment has a method (migration 0024).
    paymentMethod: null,
    lines: totals.lines.map((line, position) => {
      const product = quote.products[position];
      return {
        orderId: id,
        position,
        productId: line.productId,
        code: product?.codigo ?? "",
        name: (lang === "pt" ? product?.pt.texto : product?.texto) ?? "",
        quantity: line.quantity,
        unitCents: line.unitCents,
        totalCents: line.totalCents,
        vatRate: vatRate(quote.zone, line.vatClass),
        discountCents: line.discountCents,
        refundedQuantity: 0,
      };
    }),
    history: [{ id: randomUUID(), orderId: id, status: "pendiente-pago", note: "", at: placedAt }],
    payments: [],
    invoices: [],
  };
}

/** A mail to queue with the order: its outbox key (queued once) and the message. */
export type OrderMail = { key: string; message: MailMessage };

const value = sql.placeholder;

/**
 * The whole new order in one statement (decision 024): the stock taken, the order, its lines and
 * history written and the cart emptied.
 *
 * - Stock rows are locked in product order before any is changed, as every step that changes
 *   stock takes them (two carts holding the same products in another order would otherwise each
 *   hold a row the other waits for); each is taken only if it covers the line.
 * - Nothing else is written unless every line was covered: the caller rolls back.
 * - The stock ledger gets one `order` entry per line taken (decision 051), in the same statement.
 * - No number is taken here (decision 034): the shared number series are locked only when an
 *   order is paid, so checkouts no longer queue on them.
 * - The rows go in as JSON read into each table's record type (`insertFrom`): one statement,
 *   built once, whatever the number of lines.
 */
const storeStatement = namedStatement<{ order: string; lines: string; event: string }>(
  "store-order",
  sql`
  with o as (
    select * from jsonb_populate_record(null::${shopOrder}, ${value("order")}::jsonb)
  ), wanted as (
    select * from jsonb_populate_recordset(null::${orderLine}, ${value("lines")}::jsonb)
  ), locked as (
    select product_id from ${productStock}
    where product_id in (select product_id from wanted)
    order by product_id
    for update
  ), taken as (
    update ${productStock} set available = ${productStock.available} - wanted.quantity,
      updated_at = (select placed_at from o)
    from wanted
    where (select count(*) from locked) >= 0
      and ${productStock.productId} = wanted.product_id and ${productStock.available} >= wanted.quantity
    returning ${productStock.productId}
  ), placed as (
    ${insertFrom(shopOrder, "o")} from o
    where (select count(*) from taken) = (select count(*) from wanted)
    returning id
  ), written_lines as (
    ${insertFrom(orderLine, "wanted", { order_id: sql`placed.id` })} from placed, wanted
  ), written_event as (
    ${insertFrom(orderEvent, "event", { order_id: sql`placed.id` })}
    from placed, jsonb_populate_record(null::${orderEvent}, ${value("event")}::jsonb) as event
  ), moved as (
    insert into ${stockMovement} (product_id, change, reason, order_id, at)
    select wanted.product_id, -wanted.quantity, 'order', placed.id, (select placed_at from o)
    from placed, wanted
  ), emptied as (
    delete from ${cartLine} where user_id = (select user_id from o) and exists (select from placed)
  )
  select id from placed`,
);

/**
 * `insert into <table> (<every column>) select <alias>.<column>…`: a row read from JSON into the
 * table's own record type, some columns given otherwise. Every column is named, so the statement
 * follows the schema; the database's generated ones (the search keys) are left to it.
 */
function insertFrom(table: PgTable, alias: string, overrides: Record<string, SQL> = {}): SQL {
  const names = Object.values(getTableColumns(table))
    .filter((column) => column.generated === undefined)
    .map((column) => column.name);
  const columns = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  const values = sql.join(
    names.map((name) => overrides[name] ?? sql`${sql.identifier(alias)}.${sql.identifier(name)}`),
    sql`, `,
  );
  return sql`insert into ${table} (${columns}) select ${values}`;
}

/** The id of the order stored, if it was. */
const storedSchema = z.object({ rows: z.array(createSelectSchema(shopOrder).pick({ id: true })).max(1) });

/** A row as PostgreSQL's JSON record functions read it: by its columns' SQL names. */
function asRecord(table: PgTable, row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => [column.name, row[key]]),
  );
}

/**
 * Stores a new order (`newOrderRows`) in the caller's transaction, as one statement. False when
 * the stock no longer covers a line (something may have been taken: the caller must roll back).
 */
export async function storeOrder(tx: Transaction, rows: OrderRows): Promise<boolean> {
  const { lines, history, payments: _payments, invoices: _invoices, ...order } = rows;
  const [event] = history;
  if (!event) throw new Error("A new order has its first event");
  const result = await storeStatement(tx, {
    order: JSON.stringify(asRecord(shopOrder, order)),
    lines: JSON.stringify(lines.map((line) => asRecord(orderLine, line))),
    event: JSON.stringify(asRecord(orderEvent, event)),
  });
  return storedSchema.parse(result).rows.length === 1;
}
