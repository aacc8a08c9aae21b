import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Database, executeNamed } from "../db/client.ts";
import type { Announcement } from "../live/change-hub.ts";

/** A cart line with the stock its product has now. */
export type CartRow = { productId: number; quantity: number; available: number };

/** What a cart write did, and the whole cart after it, from the one statement that did it. */
export type CartWrite = {
  /** False when the quantity asked for is more than one order may hold (or the stock is gone). */
  written: boolean;
  /** Units one order may hold of the product now (0 without a stock row). */
  limit: number;
  lines: CartRow[];
};

/** Units of one product an order may hold at most, whatever the stock (exclusive lots: 1). */
export const NO_PER_ORDER_CAP = 2_147_483_647;

const rowSchema = z.object({
  limit_units: z.coerce.number().nullable(),
  written: z.coerce.number(),
  product_id: z.coerce.number().nullable(),
  quantity: z.coerce.number().nullable(),
  available: z.coerce.number().nullable(),
});
const resultSchema = z.object({ rows: z.array(rowSchema) });

/**
 * The shopper's lines in the order they were added, with their stock, joined to a one-row head so
 * an empty cart still answers; `lines` is a query over `cart_line` as the statement sees it.
 */
async function run(db: Database, name: string, lines: SQL, head: SQL, withClauses: SQL): Promise<CartWrite> {
  const result = await executeNamed(
    db,
    name,
    sql`
    ${withClauses}
    select ${head}, lines.product_id, lines.quantity, product_stock.available
    from (select 1) as head
    left join (${lines}) as lines on true
    left join product_stock on product_stock.product_id = lines.product_id
    order by lines.added_at, lines.product_id`,
  );
  const rows = resultSchema.parse(result).rows;
  const first = rows[0];
  return {
    written: (first?.written ?? 0) > 0,
    limit: first?.limit_units ?? 0,
    lines: rows.flatMap((row) =>
      row.product_id === null || row.quantity === null
        ? []
        : [{ productId: row.product_id, quantity: row.quantity, available: row.available ?? 0 }],
    ),
  };
}

/** The cart, one statement. */
export function readCart(db: Database, userId: string): Promise<CartWrite> {
  return run(
    db,
    "cart-read",
    sql`select product_id, quantity, added_at from cart_line where user_id = ${userId}`,
    sql`null::int as limit_units, 0 as written`,
    sql``,
  );
}

/**
 * Adds units to a line (`add`) or sets its quantity (`set`) if one order may hold that many, in
 * one statement: the stock and the per-order cap are read, the line written, the change announced
 * (NOTIFY, sent at commit, only when written) and the whole cart read back together. Two adds at
 * once both count (the line is updated under its row lock).
 */
export function writeCartLine(
  db: Database,
  change: { userId: string; productId: number; quantity: number; mode: "add" | "set"; perOrderCap: number },
  announce: Announcement,
): Promise<CartWrite> {
  const { userId, productId, quantity, perOrderCap } = change;
  const next = change.mode === "add" ? sql`cart_line.quantity + excluded.quantity` : sql`excluded.quantity`;
  return run(
    db,
    `cart-${change.mode}`,
    sql`select product_id, quantity, added_at from cart_line
        where user_id = ${userId} and (product_id <> ${productId} or not exists (select 1 from written))
        union all
        select product_id, quantity, added_at from written`,
    sql`(select units from cap) as limit_units, (select count(*)::int from announced) as written`,
    sql`with cap as (
          select least(available, ${perOrderCap}::int) as units
          from product_stock where product_id = ${productId}
        ),
        written as (
          insert into cart_line (user_id, product_id, quantity)
          select ${userId}, ${productId}, ${quantity}::int from cap where ${quantity}::int <= cap.units
          on conflict (user_id, product_id) do update set quantity = ${next}
            where ${next} <= (select units from cap)
          returning product_id, quantity, added_at
        ),
        announced as (select pg_notify(${announce.channel}, ${announce.payload}) from written)`,
  );
}

/** Takes a product out of the cart, announces it, and reads the rest back, one statement. */
export function removeCartLine(
  db: Database,
  userId: string,
  productId: number,
  announce: Announcement,
): Promise<CartWrite> {
  return run(
    db,
    "cart-remove",
    sql`select product_id, quantity, added_at from cart_line
        where user_id = ${userId} and product_id <> ${productId}`,
    sql`null::int as limit_units, (select count(*)::int from announced) as written`,
    sql`with removed as (
          delete from cart_line where user_id = ${userId} and product_id = ${productId} returning product_id
        ),
        announced as (select pg_notify(${announce.channel}, ${announce.payload}) from removed)`,
  );
}
