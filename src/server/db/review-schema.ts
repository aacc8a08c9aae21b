import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { Lang } from "#shared/lang.ts";
import { shopOrder } from "./order-schema.ts";

export const reviewStatuses = ["pending", "approved", "rejected"] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/**
 * The invitation to review one delivered order line (issue 33): made when the order is delivered,
 * its token in the mail's link. Only its holder can review that line's product, once.
 */
export const reviewInvitation = pgTable(
  "review_invitation",
  {
    token: uuid("token").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => shopOrder.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    productId: integer("product_id").notNull(),
    productName: text("product_name").notNull(),
    locale: text("locale").$type<Lang>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("review_invitation_line_idx").on(table.orderId, table.position)],
);

/**
 * A verified buyer's review of a product (issue 33): one per delivered order line, shown once
 * staff approve it. A change of its status is announced on `stock_changes` (migration 0030), so
 * the kept pages of its product are drawn again.
 */
export const review = pgTable(
  "review",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: integer("product_id").notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => shopOrder.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** First name and initial, as the buyer wrote it. */
    authorName: text("author_name").notNull(),
    rating: integer("rating").notNull(),
    text: text("text").notNull(),
    language: text("language").$type<Lang>().notNull(),
    status: text("status", { enum: reviewStatuses }).notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    moderatedBy: text("moderated_by"),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("review_order_line_idx").on(table.orderId, table.position),
    index("review_product_status_idx").on(table.productId, table.status, table.createdAt),
    index("review_status_created_idx").on(table.status, table.createdAt),
    check("review_rating_range", sql`${table.rating} between 1 and 5`),
  ],
);
