import { sql } from "drizzle-orm";
import type { Transaction } from "../db/client.ts";
import { numberSeries } from "../db/schema.ts";

/**
 * The next number of a series ("P2026", "F2026"…). Called inside the transaction that stores
 * the numbered document: the row stays locked until it commits, and a rollback gives the number
 * back, so the series has no gaps (Spanish invoices must not).
 */
export async function nextNumber(tx: Transaction, series: string): Promise<number> {
  const [row] = await tx
    .insert(numberSeries)
    .values({ series, last: 1 })
    .onConflictDoUpdate({ target: numberSeries.series, set: { last: sql`${numberSeries.last} + 1` } })
    .returning({ last: numberSeries.last });
  if (!row) throw new Error(`No number from series ${series}`);
  return row.last;
}

/** "2026-000042": the year, then the number, wide enough to sort as text. */
export function formatNumber(prefix: string, year: number, value: number): string {
  return `${prefix}${year}-${String(value).padStart(6, "0")}`;
}
