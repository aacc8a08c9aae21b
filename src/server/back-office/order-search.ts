import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import {
  STAFF_ORDER_LIST_DEPTH,
  type StaffOrderList,
  type StaffOrderListQuery,
  type StaffOrderRow,
} from "#shared/api/back-office-contract.ts";
import { orderStatuses } from "#shared/api/order-contract.ts";
import { paymentMethodKinds } from "#shared/api/payment-contract.ts";
import { shippingZones } from "#shared/checkout/zones.ts";
import { SHOP_TIME_ZONE } from "#shared/dates.ts";
import type { Database } from "../db/client.ts";
import { escapeLike } from "../db/like-pattern.ts";
import { foldedText, phoneDigits } from "../db/order-search-keys.ts";
import { orderLine, payment, shopOrder } from "../db/schema.ts";

/**
 * The back office's order list (issue 30): a page of the numbered orders that match, and how many
 * match, in two statements (a window count would make the page's query read every match instead
 * of stopping at the page's end). The count stops at the list's depth: counting 96,000 orders to
 * say so cost more than the page itself (decision 043). Only numbered orders: one not paid yet has
 * nothing to handle (decision 034). The indexes behind it are in `db/order-schema.ts`.
 */
export async function searchOrders(
  db: Database,
  query: StaffOrderListQuery,
  depth = STAFF_ORDER_LIST_DEPTH,
): Promise<StaffOrderList> {
  const where = and(isNotNull(shopOrder.number), ...conditionsOf(query));
  const counted = async (reach: number) => {
    const matches = db
      .select({ id: shopOrder.id })
      .from(shopOrder)
      .where(where)
      .limit(reach + 1);
    const [row] = await db.select({ n: count() }).from(matches.as("matches"));
    const n = row?.n ?? 0;
    return { total: Math.min(n, reach), totalExact: n <= reach };
  };
  if (query.q === undefined) {
    // Side by side: the filters' indexes give the page in order, and stop at its end.
    const [rows, total] = await Promise.all([pageOf(db, where, query, "walk", depth), counted(depth)]);
    return listOf(rows, total, query);
  }
  // A text search counts its matches first (found by their own indexes, the BitmapOr below), then
  // takes its page the cheaper way for that many: few are sorted, many are met soon enough by
  // walking the list's order. Left to itself the planner walked the date index for a rare prefix
  // too, filtering order after order (its estimate of a prefix is rough): 5,000 orders read for
  // the 461 of "lucia.mart", and every one of them for a prefix that matches none. Each match
  // counted is read again to recheck its key (the keys are stored: folding the order's JSON for
  // each took 98 ms for the 3,561 orders of "Fernández"), so a search goes only as deep as the
  // matches it would sort: a thousand.
  const reach = Math.min(depth, SORTED_MATCHES_AT_MOST);
  const total = await counted(reach);
  const how = total.totalExact ? "sort-matches" : "walk";
  const past = (query.page - 1) * query.pageSize >= total.total;
  return listOf(past ? [] : await pageOf(db, where, query, how, reach), total, query);
}

/** The page's rows (one more than a page was read, to know whether another follows). */
function listOf(
  rows: unknown[],
  total: Pick<StaffOrderList, "total" | "totalExact">,
  { page, pageSize }: StaffOrderListQuery,
): StaffOrderList {
  const items = rows.slice(0, pageSize).map((row) => rowSchema.parse(row));
  return { items, ...total, hasNext: rows.length > pageSize, page, pageSize };
}

/**
 * Up to this many matches of a text search are sorted; more are walked in the list's order, and
 * the search goes that deep («Más de 1.000 pedidos»).
 */
const SORTED_MATCHES_AT_MOST = 1000;

type PageWay = "walk" | "sort-matches";

function pageOf(
  db: Database,
  where: SQL | undefined,
  query: StaffOrderListQuery,
  how: PageWay,
  depth: number,
) {
  const { page, pageSize } = query;
  const offset = (page - 1) * pageSize;
  // The page's orders first, then their lines and payment: page 200 does not count the units of
  // the 4,975 orders before it (it did, in 0.5 s). The list ends at its depth, however many match.
  const pageIds = db
    .select({ id: shopOrder.id })
    .from(shopOrder)
    .where(where)
    .orderBy(...orderOf(query, how))
    .limit(Math.max(0, Math.min(pageSize + 1, depth - offset)))
    .offset(offset)
    .as("page_ids");
  return (
    db
      .select({
        number: shopOrder.number,
        status: shopOrder.status,
        placedAt: shopOrder.placedAt,
        buyer: sql`(${shopOrder.buyer} ->> 'name') || ' ' || (${shopOrder.buyer} ->> 'lastName')`,
        email: sql`${shopOrder.buyer} ->> 'email'`,
        phone: sql`${shopOrder.address} ->> 'phone'`,
        city: sql`${shopOrder.address} ->> 'city'`,
        zone: shopOrder.zone,
        method: payment.method,
        units: sql`(select coalesce(sum(${orderLine.quantity}), 0)::int from ${orderLine} where ${orderLine.orderId} = ${shopOrder.id})`,
        totalCents: shopOrder.totalCents,
      })
      .from(pageIds)
      .innerJoin(shopOrder, eq(shopOrder.id, pageIds.id))
      // One payment per order (`payment_one_per_order`).
      .leftJoin(payment, eq(payment.orderId, shopOrder.id))
      .orderBy(...orderOf(query, "walk"))
  );
}

/** A row as the statement gives it (jsonb fields as text, counts perhaps as text), made a list row. */
const rowSchema = z
  .object({
    number: z.string(),
    status: z.enum(orderStatuses),
    placedAt: z.coerce.date(),
    buyer: z.string(),
    email: z.string(),
    phone: z.string(),
    city: z.string(),
    zone: z.enum(shippingZones),
    method: z.enum(paymentMethodKinds).nullable(),
    units: z.coerce.number().int(),
    totalCents: z.number().int(),
  })
  .transform(
    ({ placedAt, city, zone, ...row }): StaffOrderRow => ({
      ...row,
      placedAt: placedAt.toISOString(),
      destination: { city, zone },
    }),
  );

function conditionsOf({ q, status, from, to, method, zone }: StaffOrderListQuery): (SQL | undefined)[] {
  return [
    q === undefined ? undefined : matchesText(q),
    status === undefined ? undefined : inArray(shopOrder.status, status),
    // Whole days on the shop's clock: 1 January starts at 23:00 UTC on 31 December.
    from === undefined
      ? undefined
      : gte(shopOrder.placedAt, sql`(${from}::date)::timestamp at time zone ${SHOP_TIME_ZONE}::text`),
    to === undefined
      ? undefined
      : lt(shopOrder.placedAt, sql`(${to}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE}::text`),
    // The payment's method, copied onto the order (migration 0024): one index, no join.
    method === undefined ? undefined : eq(shopOrder.paymentMethod, method),
    zone === undefined ? undefined : eq(shopOrder.zone, zone),
  ];
}

/** An order number with its year, or its start: "2026-0001", "2026". */
const NUMBER_START = /^\d{4}(-\d*)?$/;
/** What a phone is typed with; at least three digits, so "+34" alone is not every Spanish phone. */
const PHONE_LIKE = /^[\d\s()+.-]+$/;

/**
 * Free text read as everything it can be, any of them matching: each is a prefix of one indexed
 * key, so the planner ORs a few index scans (a BitmapOr) rather than reading every order.
 */
function matchesText(q: string): SQL {
  const start = `${escapeLike(q)}%`;
  const kinds: SQL[] = [];
  if (NUMBER_START.test(q)) kinds.push(sql`${shopOrder.number} like ${start}`);
  if (PHONE_LIKE.test(q) && (q.match(/\d/g)?.length ?? 0) >= 3 && !/^\d{4}-\d/.test(q)) {
    kinds.push(sql`${shopOrder.searchPhone} like (${phoneDigits(sql`${q}::text`)} || '%')`);
  }
  const hasLetter = /\p{L}/u.test(q);
  if (!q.includes(" ") && (hasLetter || q.includes("@")))
    kinds.push(sql`${shopOrder.searchEmail} like lower(${start}::text)`);
  if (hasLetter && !q.includes("@")) {
    const folded = foldedText(sql`${start}::text`);
    kinds.push(
      sql`${shopOrder.searchFullName} like ${folded}`,
      sql`${shopOrder.searchLastName} like ${folded}`,
    );
  }
  return or(...kinds) ?? sql`false`;
}

function orderOf({ sort, dir }: StaffOrderListQuery, how: PageWay): SQL[] {
  const direction = dir === "asc" ? asc : desc;
  // `coalesce(x, x)` is x, but no index gives it in order: the planner sorts the matches it found.
  const key = (column: AnyPgColumn) => (how === "walk" ? column : sql`coalesce(${column}, ${column})`);
  // The number breaks ties, so a page boundary never splits orders of one time or total unevenly.
  if (sort === "total") return [direction(key(shopOrder.totalCents)), direction(key(shopOrder.number))];
  if (sort === "number") return [direction(key(shopOrder.number))];
  return [direction(key(shopOrder.placedAt)), direction(key(shopOrder.number))];
}
