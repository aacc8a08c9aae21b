import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
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

/** Spec §3's direcciones: a shopper's delivery addresses, at most one of them the default. */
export const address = pgTable(
  "address",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    lastName: text("last_name").notNull(),
    street: text("street").notNull(),
    floorDoor: text("floor_door").notNull().default(""),
    postalCode: text("postal_code").notNull(),
    city: text("city").notNull(),
    country: text("country", { enum: ["ES", "PT"] }).notNull(),
    /** INE province code in Spain, ISO 3166-2:PT district or region code in Portugal. */
    region: text("region").notNull(),
    phone: text("phone").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    index("address_user_idx").on(table.userId),
    uniqueIndex("address_one_default_per_user").on(table.userId).where(sql`${table.isDefault}`),
  ],
);

/**
 * Password attempts counted per key (an address, an account, an account from one address), for
 * the sign-in limits of every server process: the attempts counted in the current run of failures
 * and the moment the next attempt is allowed (src/server/auth/sign-in-throttle.ts).
 */
export const signInThrottle = pgTable(
  "sign_in_throttle",
  {
    key: text("key").primaryKey(),
    failures: integer("failures").notNull(),
    nextAllowedAt: timestamp("next_allowed_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("sign_in_throttle_updated_at_idx").on(table.updatedAt)],
);
