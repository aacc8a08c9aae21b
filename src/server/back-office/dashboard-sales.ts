import { sql } from "drizzle-orm";
import { z } from "zod";
import type { SalesDay, SalesFigures } from "#shared/api/back-office-dashboard-contract.ts";
import { SHOP_TIME_ZONE } from "#shared/dates.ts";
import type { Database } from "../db/client.ts";
import { invoice, shopOrder } from "../db/schema.ts";

/** The dashboard's span: today and the days before it (decision 046). */
export const DASHBOARD_DAYS = 30;

// Sums come as bigint, which the drivers give as text.
const figure = z.coerce.number().int();
const rowSchema = z.object({
  day: z.string().nullable(),
  orders: figure,
  revenue: figure,
  refunds: figure,
  average: figure.nullable(),
});
const resultSchema = z.object({ rows: z.array(rowSchema) });

/**
 * What each day of the span sold and gave back, and the span's totals (its last row, `day` null),
 * in one statement: the days are Madrid's, whatever the server's zone. Revenue is what numbered
 * orders (paid, decision 034) placed that day came to; refunds are the credit notes issued that
 * day (every refund of a paid order issues one: decision 038). The orders are found by a range of
 * `placed_at` on the list's index, not by the day of each row.
 */
export async function readSalesDays(
  db: Database,
  now: Date,
): Promise<{ days: SalesDay[]; totals: SalesFigures }> {
  const today = sql`(${now.toISOString()}::timestamptz at time zone ${SHOP_TIME_ZONE})::date`;
  const first = sql`(${today} - ${DASHBOARD_DAYS - 1}::int)`;
  // The instants where the span's first day starts and the day after today starts, in Madrid.
  const from = sql`(${first}::timestamp at time zone ${SHOP_TIME_ZONE})`;
  const until = sql`((${today} + 1)::timestamp at time zone ${SHOP_TIME_ZONE})`;
  const dayOf = (at: unknown) => sql`(${at} at time zone ${SHOP_TIME_ZONE})::date`;
  const result = await db.execute(sql`
    with days as (
      select generate_series(${first}, ${today}, interval '1 day')::date as day
    ), sales as (
      select ${dayOf(shopOrder.placedAt)} as day, count(*) as orders, sum(${shopOrder.totalCents}) as revenue
      from ${shopOrder}
      where ${shopOrder.number} is not null and ${shopOrder.placedAt} >= ${from} and ${shopOrder.placedAt} < ${until}
      group by 1
    ), refunds as (
      select ${dayOf(invoice.issuedAt)} as day, sum(${invoice.totalCents}) as refunds
      from ${invoice}
      where ${invoice.kind} = 'credit-note' and ${invoice.issuedAt} >= ${from} and ${invoice.issuedAt} < ${until}
      group by 1
    ), per_day as (
      select days.day, coalesce(sales.orders, 0) as orders, coalesce(sales.revenue, 0) as revenue,
        coalesce(refunds.refunds, 0) as refunds
      from days left join sales on sales.day = days.day left join refunds on refunds.day = days.day
    )
    select to_char(day, 'YYYY-MM-DD') as day, orders, revenue, refunds,
      round(revenue::numeric / nullif(orders, 0)) as average, 0 as last
    from per_day
    union all
    select null, sum(orders), sum(revenue), sum(refunds),
      round(sum(revenue)::numeric / nullif(sum(orders), 0)), 1
    from per_day
    order by last, day
  `);
  const rows = resultSchema.parse(result).rows.map(({ day, orders, revenue, refunds, average }) => ({
    day,
    figures: { revenueCents: revenue, orders, averageBasketCents: average, refundsCents: refunds },
  }));
  const days = rows.flatMap(({ day, figures }) => (day === null ? [] : [{ day, ...figures }]));
  const totals = rows.find(({ day }) => day === null)?.figures;
  if (!totals || days.length !== DASHBOARD_DAYS) throw new Error("the dashboard's days were not read");
  return { days, totals };
}
