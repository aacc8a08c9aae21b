import { type Placeholder, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { namedStatement, type Transaction } from "../db/client.ts";
import { numberSeries } from "../db/schema.ts";

/** A yearly series: its counter row's name, and what its numbers start with. */
type Series = { name: string; prefix: string };

/** Orders "2026-000042", invoices "F2026-000042", credit notes "A2026-000042". */
export const series = {
  order: (year: number): Series => ({ name: `P${year}`, prefix: `${year}-` }),
  invoice: (year: number): Series => ({ name: `F${year}`, prefix: `F${year}-` }),
  creditNote: (year: number): Series => ({ name: `A${year}`, prefix: `A${year}-` }),
};

/** The counter as a number: the prefix, then at least six digits, so numbers sort as text. */
function numbered(prefix: string | Placeholder, counter: SQL): SQL<string> {
  return sql<string>`${prefix} || lpad(${counter}::text, greatest(6, length(${counter}::text)), '0')`;
}

/**
 * The next number of a series. Called inside the transaction that stores the numbered document:
 * the counter row stays locked until it commits, and a rollback gives the number back, so the
 * series has no gaps (Spanish invoices must not).
 */
export async function nextNumber(tx: Transaction, { name, prefix }: Series): Promise<string> {
  const [row] = await tx
    .insert(numberSeries)
    .values({ series: name, last: 1 })
    .onConflictDoUpdate({ target: numberSeries.series, set: { last: sql`${numberSeries.last} + 1` } })
    .returning({ number: numbered(prefix, sql`${numberSeries.last}`) });
  if (!row) throw new Error(`No number from series ${name}`);
  return row.number;
}

const numbersSchema = z.object({
  rows: z.tuple([z.object({ order_number: z.string(), invoice_number: z.string() })]),
});

const value = sql.placeholder;
const numberBoth = namedStatement<{
  orderSeries: string;
  orderPrefix: string;
  invoiceSeries: string;
  invoicePrefix: string;
  orderId: string;
}>(
  "number-order",
  sql`
    with taken as (
      insert into number_series (series, last) values (${value("orderSeries")}, 1), (${value("invoiceSeries")}, 1)
      on conflict (series) do update set last = number_series.last + 1
      returning series, last
    ), numbered_order as (
      update shop_order set number = ${numbered(value("orderPrefix"), sql`taken.last`)}
      from taken where taken.series = ${value("orderSeries")} and shop_order.id = ${value("orderId")}
      returning shop_order.number
    ), numbered_invoice as (
      update invoice set number = ${numbered(value("invoicePrefix"), sql`taken.last`)}
      from taken where taken.series = ${value("invoiceSeries")} and invoice.order_id = ${value("orderId")}
        and invoice.kind = 'invoice'
      returning invoice.number
    )
    select numbered_order.number as order_number, numbered_invoice.number as invoice_number
    from numbered_order, numbered_invoice`,
);

/**
 * Numbers an order and its invoice, both stored earlier in the transaction, in one statement. The
 * two counters are the one lock every checkout shares, held from here to the commit: taken last,
 * they keep checkouts queued behind each other for one statement, not for the whole order.
 * Counters are always taken in the same order (orders, then invoices), so two checkouts never
 * each hold one the other waits for.
 */
export async function numberOrder(
  tx: Transaction,
  orderId: string,
  year: number,
): Promise<{ order: string; invoice: string }> {
  const order = series.order(year);
  const invoice = series.invoice(year);
  const result = await numberBoth(tx, {
    orderSeries: order.name,
    orderPrefix: order.prefix,
    invoiceSeries: invoice.name,
    invoicePrefix: invoice.prefix,
    orderId,
  });
  const [row] = numbersSchema.parse(result).rows;
  return { order: row.order_number, invoice: row.invoice_number };
}
