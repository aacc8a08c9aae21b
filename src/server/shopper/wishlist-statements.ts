import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Database, namedStatement } from "../db/client.ts";
import { createRawRowSchema } from "../db/raw-rows.ts";
import { productStock, wishlistItem } from "../db/schema.ts";

/** A wish-list item with the stock its product has now. */
export type WishlistRow = Pick<typeof wishlistItem.$inferSelect, "productId" | "addedAt"> &
  Pick<typeof productStock.$inferSelect, "available">;

/** The list after a change, and whether the change did anything (an item added or taken off). */
export type WishlistChange = { changed: boolean; items: WishlistRow[] };

const item = createRawRowSchema(wishlistItem).shape;
const stock = createRawRowSchema(productStock).shape;

/**
 * A row of a wish-list statement, by its SQL names: the head's count of what it changed, then an
 * item (none in the one row of an empty list) with its product's stock (none without a stock row).
 */
const rowSchema = z.object({
  changed: z.coerce.number(),
  product_id: item.productId.nullable(),
  added_at: item.addedAt.nullable(),
  available: stock.available.nullable(),
});
const resultSchema = z.object({ rows: z.array(rowSchema) });

/** What a wish-list statement changed, and the list after it, from its rows. */
function toWishlistChange(rows: z.infer<typeof rowSchema>[]): WishlistChange {
  return {
    changed: (rows[0]?.changed ?? 0) > 0,
    items: rows.flatMap((row) =>
      row.product_id === null || row.added_at === null
        ? []
        : [{ productId: row.product_id, addedAt: row.added_at, available: row.available ?? 0 }],
    ),
  };
}

const value = sql.placeholder;

/**
 * A wish-list statement: the items `items` selects (a query over `wishlist_item` as the statement
 * sees it) with their stock, joined to a one-row head that counts what it `changed` (when it
 * changes anything). Built once, its values given at each call.
 */
function wishlistStatement<Values extends Record<string, unknown>>(
  name: string,
  parts: { items: SQL; withClauses?: SQL; head?: SQL },
) {
  const statement = namedStatement<Values>(
    name,
    sql`
    ${parts.withClauses ?? sql``}
    select ${parts.head ?? sql`0`} as changed, items.product_id, items.added_at, product_stock.available
    from (select 1) as head
    left join (${parts.items}) as items on true
    left join product_stock on product_stock.product_id = items.product_id
    order by items.added_at, items.product_id`,
  );
  return async (db: Database, values: Values): Promise<WishlistChange> =>
    toWishlistChange(resultSchema.parse(await statement(db, values)).rows);
}

const read = wishlistStatement<{ userId: string }>("wishlist-read", {
  items: sql`select product_id, added_at from wishlist_item where user_id = ${value("userId")}`,
});

export async function readWishlist(db: Database, userId: string): Promise<WishlistRow[]> {
  return (await read(db, { userId })).items;
}

type Change = { userId: string; productId: number };

function change(mode: "add" | "remove") {
  const [userId, productId] = [value("userId"), value("productId")];
  const changed =
    mode === "add"
      ? sql`insert into wishlist_item (user_id, product_id) values (${userId}, ${productId})
            on conflict do nothing returning product_id, added_at`
      : sql`delete from wishlist_item where user_id = ${userId} and product_id = ${productId}
            returning product_id, added_at`;
  const items =
    mode === "add"
      ? sql`select product_id, added_at from wishlist_item where user_id = ${userId}
            union all select product_id, added_at from changed`
      : sql`select product_id, added_at from wishlist_item
            where user_id = ${userId} and product_id not in (select product_id from changed)`;
  return wishlistStatement<Change>(`wishlist-${mode}`, {
    withClauses: sql`with changed as (${changed})`,
    items,
    head: sql`(select count(*)::int from changed)`,
  });
}
const changes = { add: change("add"), remove: change("remove") };

/** Adds a product (once) or takes it off and reads the list back: one statement. */
export function changeWishlist(
  db: Database,
  { mode, ...values }: { userId: string; productId: number; mode: "add" | "remove" },
): Promise<WishlistChange> {
  return changes[mode](db, values);
}
