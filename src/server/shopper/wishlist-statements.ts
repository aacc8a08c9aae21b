import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Database, executeNamed } from "../db/client.ts";
import type { Announcement } from "../live/change-hub.ts";

/** A wish-list item with the stock its product has now. */
export type WishlistRow = { productId: number; addedAt: Date; available: number };

const resultSchema = z.object({
  rows: z.array(
    z.object({
      product_id: z.coerce.number().nullable(),
      added_at: z.coerce.date().nullable(),
      available: z.coerce.number().nullable(),
    }),
  ),
});

/**
 * The items `items` selects (a query over `wishlist_item` as the statement sees it) with their
 * stock, joined to a one-row head that makes the statement run `announced` (when it has one).
 */
async function run(
  db: Database,
  name: string,
  withClauses: SQL,
  items: SQL,
  head: SQL = sql`0`,
): Promise<WishlistRow[]> {
  const result = await executeNamed(
    db,
    name,
    sql`
    ${withClauses}
    select ${head} as announced, items.product_id, items.added_at, product_stock.available
    from (select 1) as head
    left join (${items}) as items on true
    left join product_stock on product_stock.product_id = items.product_id
    order by items.added_at, items.product_id`,
  );
  return resultSchema
    .parse(result)
    .rows.flatMap((row) =>
      row.product_id === null || row.added_at === null
        ? []
        : [{ productId: row.product_id, addedAt: row.added_at, available: row.available ?? 0 }],
    );
}

export function readWishlist(db: Database, userId: string): Promise<WishlistRow[]> {
  return run(
    db,
    "wishlist-read",
    sql``,
    sql`select product_id, added_at from wishlist_item where user_id = ${userId}`,
  );
}

/**
 * Adds a product (once) or takes it off, announces the change when there was one (NOTIFY, sent
 * at commit) and reads the list back: one statement.
 */
export function changeWishlist(
  db: Database,
  change: { userId: string; productId: number; mode: "add" | "remove" },
  announce: Announcement,
): Promise<WishlistRow[]> {
  const { userId, productId } = change;
  const changed =
    change.mode === "add"
      ? sql`insert into wishlist_item (user_id, product_id) values (${userId}, ${productId})
            on conflict do nothing returning product_id, added_at`
      : sql`delete from wishlist_item where user_id = ${userId} and product_id = ${productId}
            returning product_id, added_at`;
  const items =
    change.mode === "add"
      ? sql`select product_id, added_at from wishlist_item where user_id = ${userId}
            union all select product_id, added_at from changed`
      : sql`select product_id, added_at from wishlist_item
            where user_id = ${userId} and product_id not in (select product_id from changed)`;
  return run(
    db,
    `wishlist-${change.mode}`,
    sql`with changed as (${changed}),
        announced as (select pg_notify(${announce.channel}, ${announce.payload}) from changed)`,
    items,
    sql`(select count(*)::int from announced)`,
  );
}
