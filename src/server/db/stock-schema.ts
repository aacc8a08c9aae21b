import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { stockReasons } from "#shared/api/back-office-stock-contract.ts";

/**
 * Every change of `product_stock`, written in the transaction that makes it (issue 32, decision
 * 051): the units added or taken, why, and who (a staff member, or the order that took or gave
 * them back). The ledger's sum per product is the stock; migration 0027 opened it with one
 * `opening` entry per product, so the sums hold from the start.
 */
export const stockMovement = pgTable(
  "stock_movement",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    productId: integer("product_id").notNull(),
    /** Units added (+) or taken (−); never 0. */
    change: integer("change").notNull(),
    reason: text("reason", { enum: stockReasons }).notNull(),
    /** The staff member who adjusted it by hand (kept for the name after they leave). */
    staffId: text("staff_id"),
    /** The order that took the units or gave them back. */
    orderId: uuid("order_id"),
    note: text("note").notNull().default(""),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("stock_movement_product_idx").on(table.productId, table.at),
    check("stock_movement_change_not_zero", sql`${table.change} <> 0`),
  ],
);

/**
 * The shop's stock settings: one row (id 1), seeded by its migration. The owner sets the
 * low-stock threshold in the back office; the dashboard and the stock list read it.
 */
export const stockSettings = pgTable(
  "stock_settings",
  {
    id: integer("id").primaryKey().default(1),
    lowStockUnits: integer("low_stock_units").notNull().default(5),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("stock_settings_one_row", sql`${table.id} = 1`),
    check("stock_settings_threshold_range", sql`${table.lowStockUnits} between 0 and 100000`),
  ],
);
