import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth-schema.ts";

/** Spec §3's per-user wish list (listaDeDeseados): one row per product a shopper keeps. */
export const wishlistItem = pgTable(
  "wishlist_item",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    productId: integer("product_id").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.productId] })],
);

/** Spec §3's per-user cart (guardarEnCarrito): one line per product, with its cantidad. */
export const cartLine = pgTable(
  "cart_line",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    productId: integer("product_id").notNull(),
    quantity: integer("quantity").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.productId] }),
    check("cart_line_quantity_positive", sql`${table.quantity} > 0`),
  ],
);

/** Spec §3's datosPersonales beyond the account's own name and email. */
export const personalData = pgTable("personal_data", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  phone: text("phone").notNull().default(""),
  birthDate: text("birth_date").notNull().default(""),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
