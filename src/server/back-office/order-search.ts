import { and, asc, count, desc, eq, gte, isNotNull, lt, not, or, type SQL, sql } from "drizzle-orm";
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
 * match. The count stops at the list's depth: counting 96,000 orders to say so cost more than the
 * page itself (decision 043). Only numbered orders: one not paid yet has nothing to handle
 * (decision 034). One statement answers both (`buildStatement`), built once per shape of query;
 * the indexes behind it are in `db/order-schema.ts`.
 */
export async function searchOrders(
  db: Database,
  query: StaffOrderListQuery,
  depth = STAFF_ORDER_LIST_DEPTH,
): Promise<StaffOrderList> {
  const shape = shapeOf(query);
  // A text search goes only as deep as the matches it would sort (`buildStatement` says why).
  const reach = shape.text === null ? depth : Math.min(depth, SORTED_MATCHES_AT_MOST);
  const rows = await statementOf(db, shape).execute({
    ...valuesOf(query),
    ...pageWindow(query, reach),
    countTo: reach + 1,
  });
  const n = rows[0]?.total.n ?? 0;
  const pageRows = rows.flatMap(({ sorted, walked }) => sorted ?? walked ?? []);
  return listOf(pageRows, { total: Math.min(n, reach), totalExact: n <= reach }, query);
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

/** The rows a page reads: one more than it shows, and none past the list's depth. */
function pageWindow({ page, pageSize }: StaffOrderListQuery, depth: number) {
  const offset = (page - 1) * pageSize;
  return { offset, limit: Math.max(0, Math.min(pageSize + 1, depth - offset)) };
}

/**
 * Up to this many matches of a text search are sorted; more are walked in the list's order, and
 * the search goes that deep («Más de 1.000 pedidos»).
 */
const SORTED_MATCHES_AT_MOST = 1000;

/**
 * What a statement's text depends on: which conditions the query has and its order, never their
 * values. Free text is read as every kind of key it can be (`textKindsOf`).
 */
type Shape = {
  text: TextKinds | null;
  status: boolean;
  from: boolean;
  to: boolean;
  method: boolean;
  zone: boolean;
  sort: StaffOrderListQuery["sort"];
  dir: StaffOrderListQuery["dir"];
};
type TextKinds = { number: boolean; phone: boolean; email: boolean; names: boolean };

function shapeOf({ q, status, from, to, method, zone, sort, dir }: StaffOrderListQuery): Shape {
  return {
    text: q === undefined ? null : textKindsOf(q),
    status: status !== undefined,
    from: from !== undefined,
    to: to !== undefined,
    method: method !== undefined,
    zone: zone !== undefined,
    sort,
    dir,
  };
}

/** The values a statement's placeholders take (those its shape has no use for are ignored). */
function valuesOf({ q = "", status = [], from, to, method, zone }: StaffOrderListQuery) {
  return { q, start: `${escapeLike(q)}%`, status, from, to, method, zone };
}

const placeholder = sql.placeholder;

function conditionsOf(shape: Shape): (SQL | undefined)[] {
  return [
    isNotNull(shopOrder.number),
    shape.text === null ? undefined : matchesText(shape.text),
    shape.status ? sql`${shopOrder.status} = any(${placeholder("status")})` : undefined,
    // Whole days on the shop's clock: 1 January starts at 23:00 UTC on 31 December.
    shape.from
      ? gte(
          shopOrder.placedAt,
          sql`(${placeholder("from")}::date)::timestamp at time zone ${SHOP_TIME_ZONE}::text`,
        )
      : undefined,
    shape.to
      ? lt(
          shopOrder.placedAt,
          sql`(${placeholder("to")}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE}::text`,
        )
      : undefined,
    // The payment's method, copied onto the order (migration 0024): one index, no join.
    shape.method ? eq(shopOrder.paymentMethod, placeholder("method")) : undefined,
    shape.zone ? eq(shopOrder.zone, placeholder("zone")) : undefined,
  ];
}

/** An order number with its year, or its start: "2026-0001", "2026". */
const NUMBER_START = /^\d{4}(-\d*)?$/;
/** What a phone is typed with; at least three digits, so "+34" alone is not every Spanish phone. */
const PHONE_LIKE = /^[\d\s()+.-]+$/;

/** What free text can be: an order number's start, a phone, an e-mail's start, a name's start. */
function textKindsOf(q: string): TextKinds {
  const hasLetter = /\p{L}/u.test(q);
  return {
    number: NUMBER_START.test(q),
    phone: PHONE_LIKE.test(q) && (q.match(/\d/g)?.length ?? 0) >= 3 && !/^\d{4}-\d/.test(q),
    email: !q.includes(" ") && (hasLetter || q.includes("@")),
    names: hasLetter && !q.includes("@"),
  };
}

/**
 * Free text read as everything it can be, any of them matching: each is a prefix of one indexed
 * key, so the planner ORs a few index scans (a BitmapOr) rather than reading every order.
 */
function matchesText(kinds: TextKinds): SQL {
  const start = sql`${placeholder("start")}::text`;
  const matches: SQL[] = [];
  if (kinds.number) matches.push(sql`${shopOrder.number} like ${start}`);
  if (kinds.phone)
    matches.push(sql`${shopOrder.searchPhone} like (${phoneDigits(sql`${placeholder("q")}::text`)} || '%')`);
  if (kinds.email) matches.push(sql`${shopOrder.searchEmail} like lower(${start})`);
  if (kinds.names) {
    const folded = foldedText(start);
    matches.push(
      sql`${shopOrder.searchFullName} like ${folded}`,
      sql`${shopOrder.searchLastName} like ${folded}`,
    );
  }
  return or(...matches) ?? sql`false`;
}

type PageWay = "walked" | "sorted";

/** The list's sort keys, as columns of `shop_order` or of the page the statement read. */
type SortKeys = {
  placedAt: AnyPgColumn | SQL.Aliased;
  number: AnyPgColumn | SQL.Aliased;
  totalCents: AnyPgColumn | SQL.Aliased;
};

function orderOf(
  { sort, dir }: Pick<Shape, "sort" | "dir">,
  how: PageWay,
  keys: SortKeys = shopOrder,
): SQL[] {
  const direction = dir === "asc" ? asc : desc;
  // `coalesce(x, x)` is x, but no index gives it in order: the planner sorts the matches it found.
  const key = (column: AnyPgColumn | SQL.Aliased) =>
    how === "walked" ? column : sql`coalesce(${column}, ${column})`;
  // The number breaks ties, so a page boundary never splits orders of one time or total unevenly.
  if (sort === "total") return [direction(key(keys.totalCents)), direction(key(keys.number))];
  if (sort === "number") return [direction(key(keys.number))];
  return [direction(key(keys.placedAt)), direction(key(keys.number))];
}

/**
 * A page of the matches: their ids first, in the list's order, then their lines and payment (page
 * 200 does not count the units of the 4,975 orders before it: it did, in 0.5 s). Its window
 * (`limit`, `offset`) is the statement's.
 */
function pageOf<How extends PageWay>(db: Database, where: SQL | undefined, shape: Shape, how: How) {
  const pageIds = db
    .select({ id: shopOrder.id })
    .from(shopOrder)
    .where(where)
    .orderBy(...orderOf(shape, how))
    .limit(placeholder("limit"))
    .offset(placeholder("offset"))
    .as("page_ids");
  // Drizzle names a computed field of a subquery by its alias alone: each page's are its own.
  const field = <T>(expression: SQL<T>, name: string) => expression.as(`${how}_${name}`);
  const buyer = sql<string>`(${shopOrder.buyer} ->> 'name') || ' ' || (${shopOrder.buyer} ->> 'lastName')`;
  const units = sql<number>`(select coalesce(sum(${orderLine.quantity}), 0)::int from ${orderLine} where ${orderLine.orderId} = ${shopOrder.id})`;
  return (
    db
      .select({
        number: shopOrder.number,
        status: shopOrder.status,
        placedAt: shopOrder.placedAt,
        buyer: field(buyer, "buyer"),
        email: field(sql<string>`${shopOrder.buyer} ->> 'email'`, "email"),
        phone: field(sql<string>`${shopOrder.address} ->> 'phone'`, "phone"),
        city: field(sql<string>`${shopOrder.address} ->> 'city'`, "city"),
        zone: shopOrder.zone,
        method: payment.method,
        units: field(units, "units"),
        totalCents: shopOrder.totalCents,
      })
      .from(pageIds)
      .innerJoin(shopOrder, eq(shopOrder.id, pageIds.id))
      // One payment per order (`payment_one_per_order`).
      .leftJoin(payment, eq(payment.orderId, shopOrder.id))
      .as(how)
  );
}

/** How many orders match, up to `countTo` (one past the reach, to tell "more than" from "exactly"). */
function countOf(db: Database, where: SQL | undefined) {
  const matches = db.select({ id: shopOrder.id }).from(shopOrder).where(where).limit(placeholder("countTo"));
  return db.select({ n: count().as("matched") }).from(matches.as("matches"));
}

/**
 * PostgreSQL's unnamed statement (the protocol's empty name): planned afresh for each run with its
 * values. A named one is planned generically after five runs, and generic plans of the list are
 * poor: a text search's cannot use its prefix's index ("ana garc" took 2 s a request), a zone's
 * walked its index with a parallel worker (6.6 ms against 1.1 ms planned for the zone asked).
 */
const UNNAMED = "";

/**
 * A shape's one statement: how many match (up to the reach), then the page the cheaper way for
 * that many. Without text, the page walks the filters' index in the list's order and stops at its
 * end. A text search finds its matches by their own indexes (the BitmapOr of `matchesText`): up to
 * a thousand are sorted; more are met soon enough by walking the list's order. Left to itself the
 * planner walked the date index for a rare prefix too, filtering order after order (its estimate
 * of a prefix is rough): 5,000 orders read for the 461 of "lucia.mart", and every one of them for
 * a prefix that matches none. The count decides which of the two pages runs: each is gated on it
 * (a one-time filter: the other is never read).
 */
function buildStatement(db: Database, shape: Shape) {
  const where = and(...conditionsOf(shape));
  const total = db.$with("total").as(countOf(db, where));
  const exact = sql`${total.n} < ${placeholder("countTo")}`;
  const [sortedGate, walkedGate] = shape.text === null ? [sql`false`, undefined] : [exact, not(exact)];
  const sorted = pageOf(db, and(where, sortedGate), shape, "sorted");
  const walked = pageOf(db, and(where, walkedGate), shape, "walked");
  return db
    .with(total)
    .select()
    .from(total)
    .leftJoinLateral(sorted, sql`true`)
    .leftJoinLateral(walked, sql`true`)
    .orderBy(...orderOf(shape, "walked", sorted), ...orderOf(shape, "walked", walked))
    .prepare(UNNAMED);
}
type Statement = ReturnType<typeof buildStatement>;

/**
 * Each database's statement by shape, built once: Drizzle's building of the list's statements on
 * every request, with its mapping of their rows, took 13–15 % of the shop's CPU under load (issue
 * 30's profile); the building is what this saves. Shapes are at most about a thousand; past 256
 * the oldest built is dropped.
 */
const statementsByDatabase = new WeakMap<Database, Map<string, Statement>>();
const SHAPES_KEPT = 256;

function statementOf(db: Database, shape: Shape): Statement {
  let byShape = statementsByDatabase.get(db);
  if (!byShape) {
    byShape = new Map();
    statementsByDatabase.set(db, byShape);
  }
  const key = JSON.stringify(shape);
  let statement = byShape.get(key);
  if (!statement) {
    statement = buildStatement(db, shape);
    byShape.set(key, statement);
    if (byShape.size > SHAPES_KEPT) byShape.delete(byShape.keys().next().value ?? key);
  }
  return statement;
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
