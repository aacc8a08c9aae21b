import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Newsletter subscribers: one row per address (stored lower-cased), with the time consent was given. */
export const newsletterSubscriptions = pgTable("newsletter_subscriptions", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  locale: text("locale").notNull(),
  consentedAt: timestamp("consented_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Units available per product. The catalogue file gives the starting level; from then on this
 * table is the authority, because orders change it.
 */
export const productStock = pgTable(
  "product_stock",
  {
    productId: integer("product_id").primaryKey(),
    available: integer("available").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("product_stock_available_non_negative", sql`${table.available} >= 0`)],
);

export { account, rateLimit, session, user, verification } from "./auth-schema.ts";
export {
  coupon,
  invoice,
  numberSeries,
  orderEvent,
  orderLine,
  payment,
  shopOrder,
} from "./order-schema.ts";
export { address, cartLine, personalData, signInFailure, wishlistItem } from "./shopper-schema.ts";
