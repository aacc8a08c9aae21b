import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Database, namedStatement } from "../db/client.ts";
import { createRawRowSchema } from "../db/raw-rows.ts";
import { cartLine, productStock } from "../db/schema.ts";

/** A cart line with the stock its product has now. */
export type CartRow = Pick<typeof cartLine.$inferSelect, "productId" | "quantity"> &
  Pick<typeof productStock.$inferSelect, "available">;

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

const line = createRawRowSchema(cartLine).shape;
const stock = createRawRowSchema(productStock).shape;

/**
 * A row of a cart statement, by its SQL names: the head's counts, then a line (none in the one row
 * of an empty cart) with its product's stock (none without a stock row).
 */
const rowSchema = z.object({
  limit_units: z.coerce.number().nullable(),
  written: z.coerce.number(),
  product_id: line.productId.nullable(),
  quantity: line.quantity.nullable(),
  available: stock.available.nullable(),
});
const resultSchema = z.object({ rows: z.array(rowSchema) });

/** What a cart statement did, and the cart after it, from its rows. */
function toCartWrite(rows: z.infer<typeof rowSchema>[]): CartWrite {
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

const value = sql.placeholder;

/**
 * A cart statement: the shopper's lines in the order they were added, with their stock, joined to
 * a one-row head so an empty cart still answers; `lines` is a query over `cart_line` as the
 * statement sees it. Built once, its values given at each call.
 */
function cartStatement<Values extends Record<string, unknown>>(
  name: string,
  parts: { lines: SQL; head: SQL; withClauses?: SQL },
) {
  const statement = namedStatement<Values>(
    name,
    sql`
    ${parts.withClauses ?? sql``}
    select ${parts.head}, lines.product_id, lines.quantity, product_stock.available
    from (select 1) as head
    left join (${parts.lines}) as lines on true
    left join product_stock on product_stock.product_id = lines.product_id
    order by lines.added_at, lines.product_id`,
  );
  return async (db: Database, values: Values): Promise<CartWrite> =>
    toCartWrite(resultSchema.parse(await statement(db, values)).rows);
}

const read = cartStatement<{ userId: string }>("cart-read", {
  lines: sql`select product_id, quantity, added_at from cart_line where user_id = ${value("userId")}`,
  head: sql`null::int as limit_units, 0 as written`,
});

/** The cart, one statement. */
export function readCart(db: Database, userId: string): Promise<CartWrite> {
  return read(db, { userId });
}

type LineWrite = {
  userId: string;
  productId: number;
  quantity: number;
  perOrderCap: number;
};

/** Adds units to a line (`add`) or sets its quantity (`set`), as `writeCartLine` says. */
function lineWrite(mode: "add" | "set") {
  const next = mode === "add" ? sql`cart_line.quantity + excluded.quantity` : sql`excluded.quantity`;
  const [userId, productId, quantity] = [value("userId"), value("productId"), value("quantity")];
  return cartStatement<LineWrite>(`cart-${mode}`, {
    lines: sql`select product_id, quantity, added_at from cart_line
        where user_id = ${userId} and (product_id <> ${productId} or not exists (select 1 from written))
        union all
        select product_id, quantity, added_at from written`,
    head: sql`(select units from cap) as limit_units, (select count(*)::int from written) as written`,
    withClauses: sql`with cap as (
          select least(available, ${value("perOrderCap")}::int) as units
          from product_stock where product_id = ${productId}
        ),
        written as (
          insert into cart_line (user_id, product_id, quantity)
          select ${userId}, ${productId}, ${quantity}::int from cap where ${quantity}::int <= cap.units
          on conflict (user_id, product_id) do update set quantity = ${next}
            where ${next} <= (select units from cap)
          returning product_id, quantity, added_at
        )`,
  });
}
const lineWrites = { add: lineWrite("add"), set: lineWrite("set") };

/**
 * Adds units to a line (`add`) or sets its quantity (`set`) if one order may hold that many, in
 * one statement: the stock and the per-order cap are read, the line written and the whole cart
 * read back together. Two adds at once both count (the line is updated under its row lock).
 */
export function writeCartLine(
  db: Database,
  change: { userId: string; productId: number; quantity: number; mode: "add" | "set"; perOrderCap: number },
): Promise<CartWrite> {
  const { mode, ...values } = change;
  return lineWrites[mode](db, values);
}

const remove = cartStatement<{ userId: string; productId: number }>("cart-remove", {
  lines: sql`select product_id, quantity, added_at from cart_line
        where user_id = ${value("userId")} and product_id <> ${value("productId")}`,
  head: sql`null::int as limit_units, (select count(*)::int from removed) as written`,
  withClauses: sql`with removed as (
          delete from cart_line where user_id = ${value("userId")} and product_id = ${value("productId")}
          returning product_id
        )`,
});

/** Takes a product out of the cart and reads the rest back, one statement (`written`: it was there). */
export function removeCartLine(db: Database, userId: string, productId: number): Promise<CartWrite> {
  return remove(db, { userId, productId });
}
