import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { CustomerDetail } from "#shared/api/back-office-customer-contract.ts";
import { auditOf } from "../audit/staff-audit.ts";
import type { Database } from "../db/client.ts";
import {
  account,
  address,
  newsletterSubscriptions,
  passkey,
  personalData,
  shopOrder,
  user,
} from "../db/schema.ts";

/** An account (never a guest, decision 045) as the back office's customer page shows it. */
export async function findCustomer(db: Database, id: string) {
  const [row] = await db
    .select({
      id: user.id,
      name: user.name,
      lastName: user.lastName,
      email: user.email,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt,
      phone: personalData.phone,
      birthDate: personalData.birthDate,
    })
    .from(user)
    .leftJoin(personalData, eq(personalData.userId, user.id))
    .where(and(eq(user.id, id), sql`${user.isAnonymous} is not true`));
  return row;
}

/** How the account signs in: its providers (`credential` is a password) and passkeys, if any. */
export async function signInMethodsOf(db: Database, id: string): Promise<string[]> {
  const [providers, keys] = await Promise.all([
    db.select({ provider: account.providerId }).from(account).where(eq(account.userId, id)),
    db.select({ id: passkey.id }).from(passkey).where(eq(passkey.userId, id)).limit(1),
  ]);
  return [...providers.map(({ provider }) => provider), ...(keys.length > 0 ? ["passkey"] : [])].sort();
}

export async function addressesOf(db: Database, id: string) {
  return db
    .select()
    .from(address)
    .where(eq(address.userId, id))
    .orderBy(desc(address.isDefault), asc(address.createdAt));
}

/** An address as the customer typed it, without the table's own columns. */
export function addressView(row: typeof address.$inferSelect) {
  const { name, lastName, street, floorDoor, postalCode, city, country, region, phone, isDefault } = row;
  return { name, lastName, street, floorDoor, postalCode, city, country, region, phone, isDefault };
}

/** Their orders, newest first: unpaid ones too (no number, no page of their own). */
export async function ordersOf(db: Database, id: string) {
  return db
    .select()
    .from(shopOrder)
    .where(eq(shopOrder.userId, id))
    .orderBy(desc(shopOrder.placedAt), desc(shopOrder.id));
}

/** Whether newsletters go to their address: asked (pending), confirmed, or not on the list. */
export async function newsletterOf(db: Database, email: string): Promise<CustomerDetail["newsletter"]> {
  const [row] = await db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, email.toLowerCase()));
  if (!row) return { state: "none", since: null };
  if (row.confirmedAt) return { state: "confirmed", since: row.confirmedAt.toISOString() };
  return { state: "pending", since: row.consentedAt.toISOString() };
}

/** `GET /api/gestion/customers/:id`'s answer, or undefined for no such account. */
export async function customerDetail(db: Database, id: string): Promise<CustomerDetail | undefined> {
  const found = await findCustomer(db, id);
  if (!found) return undefined;
  const [signInMethods, addresses, orders, newsletter, history] = await Promise.all([
    signInMethodsOf(db, id),
    addressesOf(db, id),
    ordersOf(db, id),
    newsletterOf(db, found.email),
    auditOf(db, "customer", id),
  ]);
  return {
    profile: {
      id: found.id,
      name: found.name,
      lastName: found.lastName,
      email: found.email,
      emailVerified: found.emailVerified,
      createdAt: found.createdAt.toISOString(),
      phone: found.phone ?? "",
      signInMethods,
    },
    addresses: addresses.map(addressView),
    orders: orders.map((order) => ({
      number: order.number,
      placedAt: order.placedAt.toISOString(),
      status: order.status,
      totalCents: order.totalCents,
    })),
    newsletter,
    history: history.map((entry) => ({
      at: entry.at.toISOString(),
      actor: entry.actor,
      action: entry.action,
      before: entry.before,
      after: entry.after,
      note: entry.note,
    })),
  };
}
