import { type Placeholder, type SQL, sql } from "drizzle-orm";
import { SHOP_TIME_ZONE } from "#shared/dates.ts";
import type { Transaction } from "../db/client.ts";
import { numberSeries } from "../db/schema.ts";

/** A yearly series: its counter row's name, and what its numbers start with. */
type Series = { name: string; prefix: string };

/** Orders "2026-000042", invoices "F2026-000042", credit notes "A2026-000042". */
export const series = {
  order: (year: number): Series => ({ name: `P${year}`, prefix: `${year}-` }),
  invoice: (year: number): Series => ({ name: `F${year}`, prefix: `F${year}-` }),
  creditNote: (year: number): Series => ({ name: `A${year}`, prefix: `A${year}-` }),
};

const shopYearFormat = new Intl.DateTimeFormat("en", { year: "numeric", timeZone: SHOP_TIME_ZONE });

/**
 * The series' year, on the shop's calendar: an order paid at 00:30 on 1 January in Madrid (23:30
 * UTC the day before) is numbered, and its invoice dated, in the new year's series (issue 31).
 */
export function shopYear(at: Date): number {
  return Number(shopYearFormat.format(at));
}

/** The counter as a number: the prefix, then at least six digits, so numbers sort as text. */
export function numberText(prefix: string | Placeholder, counter: SQL): SQL<string> {
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
    .returning({ number: numberText(prefix, sql`${numberSeries.last}`) });
  if (!row) throw new Error(`No number from series ${name}`);
  return row.number;
}
