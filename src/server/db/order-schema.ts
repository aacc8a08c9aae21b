import { relations, sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { TopCategory } from "#catalog/categories.ts";
import type { OrderAddress, OrderBuyer, OrderStatus } from "#shared/api/order-contract.ts";
import { couponKinds } from "#shared/checkout/coupon.ts";
import type { VatLine } from "#shared/checkout/totals.ts";
import { user } from "./auth-schema.ts";

/**
 * Gapless numbering series (orders and invoices per year): the counter row is updated inside
 * the transaction that uses the number, so a rolled-back order leaves no hole.
 */
export const numberSeries = pgTable("number_series", {
  series: text("series").primaryKey(),
  last: integer("last").notNull(),
});

/**
 * An order keeps copies of everything it was sold with (address, buyer, prices, VAT) because
 * invoices must not change when the catalogue or the account does. It outlives the account:
 * the tax law asks to keep it, so deleting the user only clears the link.
 */
export const shopOrder = pgTable(
  "shop_order",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: text("number").notNull().unique(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    idempotencyKey: text("idempotency_key").notNull(),
    status: text("status").$type<OrderStatus>().notNull(),
    lang: text("lang", { enum: ["es", "pt"] }).notNull(),
    zone: text("zone").notNull(),
    shippingMethod: text("shipping_method", { enum: ["standard", "express"] }).notNull(),
    address: jsonb("address").$type<OrderAddress>().notNull(),
    buyer: jsonb("buyer").$type<OrderBuyer>().notNull(),
    couponCode: text("coupon_code"),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    vat: jsonb("vat").$type<VatLine[]>().notNull(),
    deliveryFrom: text("delivery_from").notNull(),
    deliveryTo: text("delivery_to").notNull(),
    placedAt: timestamp("placed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("shop_order_idempotency").on(table.userId, table.idempotencyKey),
    index("shop_order_user_idx").on(table.userId, table.placedAt),
    check("shop_order_total_non_negative", sql`${table.totalCents} >= 0`),
  ],
);

export const orderLine = pgTable(
  "order_line",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => shopOrder.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    productId: integer("product_id").notNull(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    quantity: integer("quantity").notNull(),
    unitCents: integer("unit_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    /** Null where no VAT is charged (Canary Islands, Ceuta, Melilla). */
    vatRate: integer("vat_rate"),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.position] }),
    check("order_line_quantity_positive", sql`${table.quantity} > 0`),
  ],
);

/** Every status an order went through, with when and why: the order page shows it. */
export const orderEvent = pgTable(
  "order_event",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => shopOrder.id, { onDelete: "cascade" }),
    status: text("status").$type<OrderStatus>().notNull(),
    note: text("note").notNull().default(""),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("order_event_order_idx").on(table.orderId, table.at)],
);

export const payment = pgTable(
  "payment",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => shopOrder.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    /** The provider's own reference (a PaymentIntent id, or the built-in provider's). */
    reference: text("reference").notNull(),
    /**
     * authorized until the capture after the order is stored went through; refund-pending (or
     * cancel-pending, never captured) until the provider has given the money back
     * (`orders/payment-settlement.ts`).
     */
    status: text("status", {
      enum: ["authorized", "captured", "refund-pending", "refunded", "cancel-pending", "cancelled"],
    }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    cardLast4: text("card_last4").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the provider's signed webhook confirmed the capture (Stripe); null for the built-in one. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  // One payment at the provider backs one order, never several (issue 27).
  (table) => [uniqueIndex("payment_provider_reference").on(table.provider, table.reference)],
);

/** Invoices and credit notes (facturas de abono), each kind numbered in its own yearly series. */
export const invoice = pgTable(
  "invoice",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => shopOrder.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["invoice", "credit-note"] }).notNull(),
    number: text("number").notNull().unique(),
    /** A credit note names the invoice it corrects. */
    correctsId: uuid("corrects_id"),
    totalCents: integer("total_cents").notNull(),
    vat: jsonb("vat").$type<VatLine[]>().notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("invoice_one_per_order_and_kind").on(table.orderId, table.kind)],
);

/** Discount coupons; the rules are those of shared/checkout/coupon.ts. */
export const coupon = pgTable("coupon", {
  code: text("code").primaryKey(),
  kind: text("kind", { enum: couponKinds }).notNull(),
  value: integer("value").notNull(),
  minSubtotalCents: integer("min_subtotal_cents").notNull().default(0),
  startsAt: timestamp("starts_at", { withTimezone: true }),
  endsAt: timestamp("ends_at", { withTimezone: true }),
  totalLimit: integer("total_limit"),
  perUserLimit: integer("per_user_limit"),
  categories: text("categories").array().$type<TopCategory[]>(),
  /** A personal coupon belongs to one shopper; null means anyone's who knows the code. */
  ownerId: text("owner_id").references(() => user.id, { onDelete: "cascade" }),
  /** Only for a shopper's first order (the welcome coupon every new account gets). */
  firstOrderOnly: boolean("first_order_only").notNull().default(false),
  /** Shown on /cupones to every shopper it can serve (not secret promotion codes). */
  listed: boolean("listed").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** An order with its documents, read in one statement (`db.query.shopOrder`). */
export const shopOrderRelations = relations(shopOrder, ({ many }) => ({
  lines: many(orderLine),
  history: many(orderEvent),
  payments: many(payment),
  invoices: many(invoice),
}));
export const orderLineRelations = relations(orderLine, ({ one }) => ({
  order: one(shopOrder, { fields: [orderLine.orderId], references: [shopOrder.id] }),
}));
export const orderEventRelations = relations(orderEvent, ({ one }) => ({
  order: one(shopOrder, { fields: [orderEvent.orderId], references: [shopOrder.id] }),
}));
export const paymentRelations = relations(payment, ({ one }) => ({
  order: one(shopOrder, { fields: [payment.orderId], references: [shopOrder.id] }),
}));
export const invoiceRelations = relations(invoice, ({ one }) => ({
  order: one(shopOrder, { fields: [invoice.orderId], references: [shopOrder.id] }),
}));
