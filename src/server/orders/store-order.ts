import { randomUUID } from "node:crypto";
import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { PlaceOrderRequest } from "#shared/api/order-contract.ts";
import { vatRate } from "#shared/checkout/vat.ts";
import type { Lang } from "#shared/lang.ts";
import { namedStatement, type Transaction } from "../db/client.ts";
import {
  cartLine,
  invoice,
  mailOutbox,
  numberSeries,
  orderEvent,
  orderLine,
  payment,
  productStock,
  shopOrder,
} from "../db/schema.ts";
import type { MailMessage } from "../mail/mailer.ts";
import type { Quote } from "./checkout-quote.ts";
import { numberText, series } from "./number-series.ts";
import type { OrderRows } from "./order-views.ts";

export type NewOrder = {
  buyer: { id: string; email: string };
  request: Pick<PlaceOrderRequest, "idempotencyKey" | "invoice">;
  quote: Quote;
  lang: Lang;
  placedAt: Date;
  payment: { provider: string; reference: string; cardLast4: string };
};

/**
 * A new order's rows exactly as they are to be stored, ids included. Its two numbers are
 * stand-ins, unique and plain text, until `storeOrder` takes the real ones: whatever is made from
 * these rows before (the buyer's mail) shows the stand-ins where the numbers go.
 */
export function newOrderRows({ buyer, request, quote, lang, placedAt, payment: paid }: NewOrder): OrderRows {
  const id = randomUUID();
  const { totals } = quote;
  return {
    id,
    number: `unnumbered-${randomUUID()}`,
    userId: buyer.id,
    idempotencyKey: request.idempotencyKey,
    status: "pagado",
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
      };
    }),
    history: [{ id: randomUUID(), orderId: id, status: "pagado", note: "", at: placedAt }],
    payments: [
      {
        id: randomUUID(),
        orderId: id,
        ...paid,
        status: "authorized",
        amountCents: totals.totalCents,
        createdAt: placedAt,
        confirmedAt: null,
      },
    ],
    invoices: [
      {
        id: randomUUID(),
        orderId: id,
        kind: "invoice",
        number: `unnumbered-${randomUUID()}`,
        correctsId: null,
        totalCents: totals.totalCents,
        vat: totals.vat,
        issuedAt: placedAt,
      },
    ],
  };
}

/** A mail to queue with the order: its outbox key (queued once) and the message. */
export type OrderMail = { key: string; message: MailMessage };

const value = sql.placeholder;

/**
 * The whole order in one statement (decision 024): the stock taken, the order, its lines,
 * history, payment and invoice written, the cart emptied, the order and invoice numbered and the
 * buyer's mail queued with those numbers in place of the stand-ins.
 *
 * - Stock rows are locked in product order before any is changed, as every step that changes
 *   stock takes them (two carts holding the same products in another order would otherwise each
 *   hold a row the other waits for); each is taken only if it covers the line.
 * - Nothing else is written unless every line was covered: the caller rolls back.
 * - The number counters are the one lock every checkout shares. Taken in this statement, they
 *   are held only until the commit that follows it, never across a round trip to the server's
 *   event loop (where a busy process kept every other checkout waiting).
 * - The rows go in as JSON read into each table's record type (`insertFrom`): one statement,
 *   built once, whatever the number of lines.
 */
const storeStatement = namedStatement<{
  order: string;
  lines: string;
  event: string;
  payment: string;
  invoice: string;
  orderSeries: string;
  orderPrefix: string;
  invoiceSeries: string;
  invoicePrefix: string;
  orderStandIn: string;
  invoiceStandIn: string;
  mailKey: string;
  mailTo: string;
  mailSubject: string;
  mailText: string;
  mailHtml: string;
  mailHeaders: string | null;
}>(
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
  ), counters as (
    insert into ${numberSeries} (series, last)
    select counter.series, 1
    from (values (${value("orderSeries")}::text, 1), (${value("invoiceSeries")}::text, 2)) as counter (series, rank)
    where (select count(*) from taken) = (select count(*) from wanted)
    order by counter.rank
    on conflict (series) do update set last = ${numberSeries.last} + 1
    returning series, last
  ), numbers as (
    select ${numberText(value("orderPrefix"), sql`ordered.last`)} as order_number,
      ${numberText(value("invoicePrefix"), sql`invoiced.last`)} as invoice_number
    from counters as ordered, counters as invoiced
    where ordered.series = ${value("orderSeries")}::text and invoiced.series = ${value("invoiceSeries")}::text
  ), placed as (
    ${insertFrom(shopOrder, "o", { number: sql`numbers.order_number` })} from o, numbers
    returning id
  ), written_lines as (
    ${insertFrom(orderLine, "wanted", { order_id: sql`placed.id` })} from placed, wanted
  ), written_event as (
    ${insertFrom(orderEvent, "event", { order_id: sql`placed.id` })}
    from placed, jsonb_populate_record(null::${orderEvent}, ${value("event")}::jsonb) as event
  ), written_payment as (
    ${insertFrom(payment, "authorized", { order_id: sql`placed.id` })}
    from placed, jsonb_populate_record(null::${payment}, ${value("payment")}::jsonb) as authorized
  ), written_invoice as (
    ${insertFrom(invoice, "issued", { order_id: sql`placed.id`, number: sql`numbers.invoice_number` })}
    from placed, numbers, jsonb_populate_record(null::${invoice}, ${value("invoice")}::jsonb) as issued
  ), emptied as (
    delete from ${cartLine} where user_id = (select user_id from o) and exists (select from placed)
  ), mailed as (
    insert into ${mailOutbox} (key, recipient, subject, text, html, headers, next_attempt_at)
    select ${value("mailKey")}::text, ${value("mailTo")}::text,
      ${withNumbers(value("mailSubject"))}, ${withNumbers(value("mailText"))}, ${withNumbers(value("mailHtml"))},
      ${value("mailHeaders")}::jsonb, o.placed_at
    from placed, numbers, o
    on conflict (key) do nothing
  )
  select numbers.order_number, numbers.invoice_number from placed, numbers`,
);

/**
 * `insert into <table> (<every column>) select <alias>.<column>…`: a row read from JSON into the
 * table's own record type, some columns given otherwise. Every column is named, so the statement
 * follows the schema.
 */
function insertFrom(table: PgTable, alias: string, overrides: Record<string, SQL> = {}): SQL {
  const names = Object.values(getTableColumns(table)).map((column) => column.name);
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

/** A mail text with the order's and invoice's numbers where their stand-ins were. */
function withNumbers(text: ReturnType<typeof value>): SQL {
  return sql`replace(replace(${text}::text, ${value("orderStandIn")}::text, numbers.order_number),
    ${value("invoiceStandIn")}::text, numbers.invoice_number)`;
}

const storedSchema = z.object({
  rows: z.array(z.object({ order_number: z.string(), invoice_number: z.string() })).max(1),
});

/** A row as PostgreSQL's JSON record functions read it: by its columns' SQL names. */
function asRecord(table: PgTable, row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => [column.name, row[key]]),
  );
}

/**
 * Stores a new order (`newOrderRows`) and queues its mail, in the caller's transaction, as one
 * statement. Gives the rows as stored, with their numbers; null when the stock no longer covers
 * a line (something may have been taken: the caller must roll back).
 */
export async function storeOrder(
  tx: Transaction,
  rows: OrderRows,
  mail: OrderMail,
): Promise<OrderRows | null> {
  const { lines, history, payments, invoices, ...order } = rows;
  const [event] = history;
  const [paid] = payments;
  const [issued] = invoices;
  if (!event || !paid || !issued) throw new Error("A new order has one event, payment and invoice");
  const year = order.placedAt.getUTCFullYear();
  const orderSeries = series.order(year);
  const invoiceSeries = series.invoice(year);
  const result = await storeStatement(tx, {
    order: JSON.stringify(asRecord(shopOrder, order)),
    lines: JSON.stringify(lines.map((line) => asRecord(orderLine, line))),
    event: JSON.stringify(asRecord(orderEvent, event)),
    payment: JSON.stringify(asRecord(payment, paid)),
    invoice: JSON.stringify(asRecord(invoice, issued)),
    orderSeries: orderSeries.name,
    orderPrefix: orderSeries.prefix,
    invoiceSeries: invoiceSeries.name,
    invoicePrefix: invoiceSeries.prefix,
    orderStandIn: order.number,
    invoiceStandIn: issued.number,
    mailKey: mail.key,
    mailTo: mail.message.to,
    mailSubject: mail.message.subject,
    mailText: mail.message.text,
    mailHtml: mail.message.html,
    mailHeaders: mail.message.headers ? JSON.stringify(mail.message.headers) : null,
  });
  const [stored] = storedSchema.parse(result).rows;
  if (!stored) return null;
  return {
    ...rows,
    number: stored.order_number,
    invoices: [{ ...issued, number: stored.invoice_number }],
  };
}
