import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The back office's people (issue 30, decision 041): a second better-auth instance of their own,
 * so no shopper's session, password or provider link can ever reach `/gestion`. Same shapes as
 * the shoppers' tables (`auth-schema.ts`), other names.
 */
export const staffRoles = ["owner", "staff"] as const;
export type StaffRole = (typeof staffRoles)[number];

export const staffUser = pgTable("staff_user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /** owner manages staff and settings; staff run orders and customers. */
  role: text("role", { enum: staffRoles }).notNull().default("staff"),
  /** better-auth's two-factor plugin: set once TOTP is enrolled and confirmed. */
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  /** A person who left: kept for the audit's names, never signs in again. */
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

export const staffSession = pgTable(
  "staff_session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .$onUpdate(() => new Date()),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => staffUser.id, { onDelete: "cascade" }),
  },
  (table) => [index("staff_session_user_idx").on(table.userId)],
);

export const staffAccount = pgTable("staff_account", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull(),
  providerId: text("provider_id").notNull(),
  userId: text("user_id")
    .notNull()
    .references(() => staffUser.id, { onDelete: "cascade" }),
  accessToken: text("access_token"),
  refreshToken: text("refresh_token"),
  idToken: text("id_token"),
  accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
  refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
  scope: text("scope"),
  password: text("password"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .$onUpdate(() => new Date()),
});

export const staffVerification = pgTable("staff_verification", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/** better-auth's two-factor plugin: the TOTP secret and backup codes (encrypted by it). */
export const staffTwoFactor = pgTable(
  "staff_two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => staffUser.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (table) => [
    index("staff_two_factor_user_idx").on(table.userId),
    index("staff_two_factor_secret_idx").on(table.secret),
  ],
);

/**
 * An invitation mailed by an owner (or, for the first owner, by `npm run staff -- invite`): the
 * link's token is kept only as its SHA-256, used once, and expires.
 */
export const staffInvitation = pgTable(
  "staff_invitation",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    role: text("role", { enum: staffRoles }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** The owner who invited; null when the command line did. */
    invitedBy: text("invited_by").references(() => staffUser.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  },
  (table) => [index("staff_invitation_email_idx").on(table.email)],
);

/**
 * What the staff did, who and when, before → after (issue 30). Written in the transaction of the
 * change it records; a trigger (migration 0022) refuses UPDATE and DELETE, so nobody edits it.
 * The actor is copied, not referenced, so the record outlives the person's account.
 */
export const staffAudit = pgTable(
  "staff_audit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The staff member's id, or null for the command line (`actor` says which). */
    staffId: text("staff_id"),
    /** The staff member's e-mail at the time, or `cli` / `operator-token`. */
    actor: text("actor").notNull(),
    /** What was done, e.g. `order.ship`, `order.refund`, `staff.invite`. */
    action: text("action").notNull(),
    /** What it was done to: `order`, `customer`, `staff`, `product`… */
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    note: text("note").notNull().default(""),
  },
  (table) => [
    index("staff_audit_subject_idx").on(table.subjectType, table.subjectId, table.at),
    index("staff_audit_at_idx").on(table.at),
    check("staff_audit_action_named", sql`length(${table.action}) > 0`),
  ],
);
