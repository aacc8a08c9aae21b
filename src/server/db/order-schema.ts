import { relations, type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  type ExtraConfigColumn,
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
import type { OrderAddress, OrderBuyer, OrderStatus, ReturnRequestLine } from "#shared/api/order-contract.ts";
import {
  type IntentStatus,
  type MultibancoDetails,
  paymentFailures,
  paymentMethodKinds,
} from "#shared/api/payment-contract.ts";
import { couponKinds } from "#shared/checkout/coupon.ts";
import type { RefundQuote } from "#shared/checkout/refunds.ts";
import type { VatLine } from "#shared/checkout/totals.ts";
import { user } from "./auth-schema.ts";
import { orderSearchKeys } from "./order-search-keys.ts";

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
    /** Taken when the money is in (issue 27): an order that expires unpaid leaves no hole. */
    number: text("number").unique(),
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
    /** While it awaits payment: when it expires and its stock goes back (`payments/expire-unpaid.ts`). */
    payBy: timestamp("pay_by", { withTimezone: true }),
    /** Who carries it once shipped: a carrier of the brand config (`shared/brand.ts` `carriers`). */
    carrier: text("carrier"),
    /** The carrier's number for the parcel; with the carrier it makes the shopper's tracking link. */
    trackingNumber: text("tracking_number"),
    /**
     * The payment's method, copied by a trigger on `payment` (migration 0024) for the back
     * office's filter: through the payment it counted every order of the method (decision 043).
     */
    paymentMethod: text("payment_method", { enum: paymentMethodKinds }),
    // The back office's search keys (`db/order-search-keys.ts`), kept by the database from the
    // buyer and the address (migration 0038): a search's recheck reads them instead of folding
    // the order's JSON again for every match (decision 043's addendum).
    searchEmail: text("search_email").generatedAlwaysAs((): SQL => orderSearchKeys(shopOrder).email),
    searchFullName: text("search_full_name").generatedAlwaysAs(
      (): SQL => orderSearchKeys(shopOrder).fullName,
    ),
    searchLastName: text("search_last_name").generatedAlwaysAs(
      (): SQL => orderSearchKeys(shopOrder).lastName,
    ),
    searchPhone: text("search_phone").generatedAlwaysAs((): SQL => orderSearchKeys(shopOrder).phone),
  },
  (table) => [
    index("shop_order_pay_by_idx").on(table.payBy).where(sql`${table.status} = 'pendiente-pago'`),
    uniqueIndex("shop_order_idempotency").on(table.userId, table.idempotencyKey),
    index("shop_order_user_idx").on(table.userId, table.placedAt),
    // A coupon's orders, newest first (its back-office page; decision 052).
    index("shop_order_coupon_idx")
      .on(table.couponCode, table.placedAt)
      .where(sql`${table.couponCode} is not null`),
    check("shop_order_total_non_negative", sql`${table.totalCents} >= 0`),
    ...backOfficeIndexes(table),
  ],
);

/**
 * The back office's order list and search (issue 30, `back-office/order-search.ts`). The list's
 * sorts and selective filters each walk an index in the asked order and stop at the page's end;
 * they are partial, as an unpaid order is never listed. The free text is a prefix of one of the
 * keys of `db/order-search-keys.ts`, stored columns each with a btree with text_pattern_ops (a
 * prefix whatever the collation; PGlite has no pg_trgm). Those indexes are whole: the planner's
 * estimate of a prefix needs the column's statistics over every order (without them it guessed 480
 * matches for a phone that had one, and walked every order by date looking for it: 100 ms).
 * The two sorts that page deep end with the order's id, which is all a page's walk reads: the walk
 * is then an index-only scan (the 10,000 entries before the deepest page in 1 ms, not 4.5 ms
 * reading each order's row; migration 0039).
 */
function backOfficeIndexes(table: {
  id: AnyPgColumn;
  number: ExtraConfigColumn;
  status: AnyPgColumn;
  zone: AnyPgColumn;
  placedAt: AnyPgColumn;
  totalCents: AnyPgColumn;
  paymentMethod: AnyPgColumn;
  searchEmail: ExtraConfigColumn;
  searchFullName: ExtraConfigColumn;
  searchLastName: ExtraConfigColumn;
  searchPhone: ExtraConfigColumn;
}) {
  const numbered = sql`${table.number} is not null`;
  return [
    index("shop_order_list_placed_idx").on(table.placedAt, table.number, table.id).where(numbered),
    index("shop_order_list_status_idx").on(table.status, table.placedAt).where(numbered),
    index("shop_order_list_zone_idx").on(table.zone, table.placedAt).where(numbered),
    index("shop_order_list_total_idx").on(table.totalCents, table.number, table.id).where(numbered),
    index("shop_order_list_method_idx").on(table.paymentMethod, table.placedAt).where(numbered),
    index("shop_order_search_number_idx").on(table.number.op("text_pattern_ops")).where(numbered),
    index("shop_order_search_email_idx").on(table.searchEmail.op("text_pattern_ops")),
    index("shop_order_search_name_idx").on(table.searchFullName.op("text_pattern_ops")),
    index("shop_order_search_last_name_idx").on(table.searchLastName.op("text_pattern_ops")),
    index("shop_order_search_phone_idx").on(table.searchPhone.op("text_pattern_ops")),
  ];
}

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
    /** The line's share of the coupon's discount, which refunds of its units give back in part. */
    discountCents: integer("discount_cents").notNull().default(0),
    /** Units already refunded (`orders/refund-lines.ts`); a refund never goes past `quantity`. */
    refundedQuantity: integer("refunded_quantity").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.position] }),
    check("order_line_quantity_positive", sql`${table.quantity} > 0`),
    check(
      "order_line_refunded_within_quantity",
      sql`${table.refundedQuantity} >= 0 and ${table.refundedQuantity} <= ${table.quantity}`,
    ),
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

/**
 * pending until the shopper has paid (issue 27); captured once the provider says the money is in;
 * cancelled when the order expired or was cancelled unpaid; refund-pending until the provider has
 * given the money back. authorized and cancel-pending are left from the card-only checkout, whose
 * orders were authorized first and captured after (`orders/payment-settlement.ts`).
 */
export const paymentStatuses = [
  "pending",
  "authorized",
  "captured",
  "refund-pending",
  "refunded",
  "cancel-pending",
  "cancelled",
] as const;

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
    status: text("status", { enum: paymentStatuses }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    cardLast4: text("card_last4").notNull().default(""),
    /** How the shopper paid, once the provider says (card, bizum, mb_way, multibanco). */
    method: text("method", { enum: paymentMethodKinds }),
    /** A Multibanco reference to pay at an ATM, shown until it is paid or expires. */
    multibanco: jsonb("multibanco").$type<MultibancoDetails>(),
    /** Why the last attempt did not go through, for the shopper to try again. */
    lastFailure: text("last_failure", { enum: paymentFailures }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the provider's signed webhook confirmed the capture (Stripe); null for the built-in one. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  // One payment at the provider backs one order, never several (issue 27).
  (table) => [
    uniqueIndex("payment_provider_reference").on(table.provider, table.reference),
    uniqueIndex("payment_one_per_order").on(table.orderId),
    // The back office's filter by method (issue 30): its orders without reading every payment.
    index("payment_method_idx").on(table.method, table.orderId),
  ],
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
    /**
     * A credit note's own figures: the units and shipping it gives back. Null on invoices, and on
     * credit notes made before refunds by line, which gave back the whole invoice.
     */
    refund: jsonb("refund").$type<RefundQuote>(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // One invoice per order; a credit note for each refund (issue 27: refunds by line).
  (table) => [uniqueIndex("invoice_one_per_order").on(table.orderId).where(sql`${table.kind} = 'invoice'`)],
);

/**
 * A refund of some units of an order (and perhaps its shipping), while the rest of it goes on:
 * pending until the provider has given the money back through the method that paid, keyed
 * `refund-<id>` so asking twice moves the money once (`orders/payment-settlement.ts`). Refunding
 * a whole order on cancel or return goes through `payment.status` instead, for what is left.
 */
export const refund = pgTable(
  "refund",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => shopOrder.id, { onDelete: "cascade" }),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payment.id, { onDelete: "cascade" }),
    creditNoteId: uuid("credit_note_id")
      .notNull()
      .references(() => invoice.id),
    amountCents: integer("amount_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull(),
    status: text("status", { enum: ["pending", "refunded"] }).notNull(),
    restocked: boolean("restocked").notNull(),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("refund_order_idx").on(table.orderId),
    check("refund_amount_not_negative", sql`${table.amountCents} >= 0`),
  ],
);

/** A buyer's withdrawal of some units of a delivered order (decision 059): open until staff receive the parcel. */
export const returnRequestStatuses = ["open", "received"] as const;

/**
 * A withdrawal or return asked for by the buyer (issue 33, decision 059): some units of some
 * lines, within the legal period from delivery. Open until staff receive the parcel, which
 * refunds exactly those units (`orders/return-requests.ts`); the refund is then named here.
 */
export const returnRequest = pgTable(
  "return_request",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => shopOrder.id, { onDelete: "cascade" }),
    status: text("status", { enum: returnRequestStatuses }).notNull().default("open"),
    /** The lines (by position) and units asked for, validated on the way in and out (`returnLinesSchema`). */
    lines: jsonb("lines").$type<ReturnRequestLine[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    refundId: uuid("refund_id").references(() => refund.id),
  },
  (table) => [index("return_request_order_idx").on(table.orderId, table.createdAt)],
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
  /** Paused from the back office: refused at checkout until resumed (decision 052). */
  paused: boolean("paused").notNull().default(false),
  /** Raised by every back-office change: an edit made on an older version is refused (409). */
  version: integer("version").notNull().default(1),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** An order with its documents, read in one statement (`db.query.shopOrder`). */
export const shopOrderRelations = relations(shopOrder, ({ many }) => ({
  lines: many(orderLine),
  history: many(orderEvent),
  payments: many(payment),
  invoices: many(invoice),
  returnRequests: many(returnRequest),
}));
export const returnRequestRelations = relations(returnRequest, ({ one }) => ({
  order: one(shopOrder, { fields: [returnRequest.orderId], references: [shopOrder.id] }),
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

/**
 * The built-in test provider's payments (decision 034), kept in the database like Stripe keeps
 * its own, so every server process and a restart see the same ones.
 */
export const testPaymentIntent = pgTable("test_payment_intent", {
  id: text("id").primaryKey(),
  clientSecret: text("client_secret").notNull(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  orderId: text("order_id").notNull(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull().default("eur"),
  methods: text("methods").array().notNull(),
  status: text("status").$type<IntentStatus>().notNull(),
  method: text("method", { enum: paymentMethodKinds }),
  cardLast4: text("card_last4").notNull().default(""),
  lastFailure: text("last_failure", { enum: paymentFailures }),
  multibanco: jsonb("multibanco").$type<MultibancoDetails>(),
  /** The step the shopper takes on the provider's page: 3-D Secure, or approving in an app. */
  pendingAction: text("pending_action", { enum: ["three-d-secure", "phone"] }),
  returnUrl: text("return_url"),
  refundedCents: integer("refunded_cents").notNull().default(0),
  /** The idempotency keys of the refunds made: a refund asked again is not made twice. */
  refundKeys: text("refund_keys").array().notNull().default(sql`'{}'::text[]`),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
