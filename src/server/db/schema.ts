import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";

/**
 * Newsletter subscribers: one row per address (stored lower-cased), with the time consent was
 * given. An address gets newsletters only once confirmed through the mailed link (double
 * opt-in); the token is in that link and in every newsletter's unsubscribe link.
 */
export const newsletterSubscriptions = pgTable("newsletter_subscriptions", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  locale: text("locale").notNull(),
  consentedAt: timestamp("consented_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  token: uuid("token").notNull().unique().defaultRandom(),
  /** When the confirmation link was last mailed: it is not mailed again within the hour. */
  confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
});

/**
 * The newsletter's issues as sent (issue 32, decision 054): the words in both languages, who sent
 * it, when, and to how many confirmed subscribers. The id is the one its preview gave, and no two
 * issues have the same words (`content_hash`): an issue is sent once, whatever is clicked twice.
 */
export const newsletterIssues = pgTable("newsletter_issues", {
  id: uuid("id").primaryKey(),
  subjectEs: text("subject_es").notNull(),
  bodyEs: text("body_es").notNull(),
  subjectPt: text("subject_pt").notNull(),
  bodyPt: text("body_pt").notNull(),
  /** SHA-256 of the four texts: the same issue written again is the same issue. */
  contentHash: text("content_hash").notNull().unique(),
  /** The staff member's id, or null for the operator's token (`sent_by` says which). */
  sentByStaffId: text("sent_by_staff_id"),
  /** The staff member's e-mail at the time, or `operator-token`, as the audit names them. */
  sentBy: text("sent_by").notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  recipients: integer("recipients").notNull(),
});

/**
 * Units available per product. The catalogue file gives the starting level; from then on this
 * table is the authority, because orders change it. Every change is announced on NOTIFY
 * `stock_changes` by a trigger (migration 0012), for the page caches of every process.
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

/**
 * «Avísame cuando vuelva» (issue 33): one request per address and product, in the language it was
 * asked in. A trigger (migration 0031) stamps `restocked_at` on the open ones in the transaction
 * that takes the product's stock from 0 to more; `back-in-stock/` claims them (`notified_at`) in
 * the transaction that queues their mail. The token is in the mail's unsubscribe link.
 */
export const backInStockRequests = pgTable(
  "back_in_stock_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    productId: integer("product_id").notNull(),
    locale: text("locale").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    restockedAt: timestamp("restocked_at", { withTimezone: true }),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    token: uuid("token").notNull().unique().defaultRandom(),
  },
  (table) => [
    unique("back_in_stock_requests_email_product").on(table.email, table.productId),
    index("back_in_stock_requests_due_idx").on(table.restockedAt, table.notifiedAt),
    // The trigger's lookup on every stock row leaving 0 (an import writes 100,000 of them).
    index("back_in_stock_requests_open_idx")
      .on(table.productId)
      .where(sql`${table.notifiedAt} is null and ${table.restockedAt} is null`),
  ],
);

/**
 * Mail waiting to go out, and mail sent (kept a while, then swept). A message is written here in
 * the transaction of what it tells (an order, a refund), so a crash or an unreachable mail server
 * delays it and never loses it; `mail/mail-outbox.ts` sends it, retrying with a growing wait.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What the message is about, e.g. `order:<id>:pagado`: queued once however often it is asked. */
    key: text("key").unique(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** Extra mail headers (a newsletter's List-Unsubscribe). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    /** When a sender may take it next; a sender taking it moves this past its lease. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (table) => [index("mail_outbox_due_idx").on(table.sentAt, table.nextAttemptAt)],
);

export { account, passkey, rateLimit, session, user, verification } from "./auth-schema.ts";
export {
  coupon,
  invoice,
  invoiceRelations,
  numberSeries,
  orderEvent,
  orderEventRelations,
  orderLine,
  orderLineRelations,
  payment,
  paymentRelations,
  refund,
  returnRequest,
  returnRequestRelations,
  shopOrder,
  shopOrderRelations,
  testPaymentIntent,
} from "./order-schema.ts";
export { address, cartLine, personalData, signInThrottle, wishlistItem } from "./shopper-schema.ts";
export {
  staffAccount,
  staffAudit,
  staffInvitation,
  staffSession,
  staffTwoFactor,
  staffUser,
  staffVerification,
} from "./staff-schema.ts";

/**
 * The request limits' counters (decision 050): one row per limit and client, counting requests
 * within a fixed window that ends at `resets_at`. Every process and machine on the database
 * counts in the same row, by one atomic upsert; rows past their window are swept by the jobs'
 * leader.
 */
export const requestLimit = pgTable(
  "request_limit",
  {
    /** The limit's name and who is counted, e.g. `newsletter|203.0.113.7`. */
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetsAt: timestamp("resets_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("request_limit_resets_at_idx").on(table.resetsAt)],
);
export { catalogCategory, catalogProduct, catalogState } from "./catalog-schema.ts";
export { review, reviewInvitation } from "./review-schema.ts";
export { stockMovement, stockSettings } from "./stock-schema.ts";
