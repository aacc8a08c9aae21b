import { and, asc, count, desc, eq, ne, sql } from "drizzle-orm";
import { ADDRESS_LIMIT, type AddressForm, type AddressView } from "#shared/api/address-contract.ts";
import type { Database, Transaction } from "../db/client.ts";
import { address, user } from "../db/schema.ts";

const columns = {
  id: address.id,
  name: address.name,
  lastName: address.lastName,
  street: address.street,
  floorDoor: address.floorDoor,
  postalCode: address.postalCode,
  city: address.city,
  country: address.country,
  region: address.region,
  phone: address.phone,
  isDefault: address.isDefault,
};

const ownAddress = (userId: string, id: string) => and(eq(address.userId, userId), eq(address.id, id));

/**
 * One shopper's address writes run one after another (the user row is locked), so the limit
 * holds and the "only one default" index never trips on two devices choosing at the same time.
 */
async function lockShopper(tx: Transaction, userId: string): Promise<void> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
}

export async function listAddresses(db: Database, userId: string): Promise<AddressView[]> {
  return db
    .select(columns)
    .from(address)
    .where(eq(address.userId, userId))
    .orderBy(desc(address.isDefault), asc(address.createdAt), asc(address.id));
}

/** Adds an address; the first one is the default. Returns false when the shopper has too many. */
export async function createAddress(
  db: Database,
  userId: string,
  form: AddressForm,
  makeDefault: boolean,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const [row] = await tx.select({ total: count() }).from(address).where(eq(address.userId, userId));
    const total = row?.total ?? 0;
    if (total >= ADDRESS_LIMIT) return false;
    const isDefault = makeDefault || total === 0;
    if (isDefault) await tx.update(address).set({ isDefault: false }).where(eq(address.userId, userId));
    await tx.insert(address).values({ ...form, userId, isDefault });
    return true;
  });
}

/** Rewrites one of the shopper's addresses; false when it is not theirs (or does not exist). */
export async function updateAddress(db: Database, userId: string, id: string, form: AddressForm) {
  const updated = await db
    .update(address)
    .set(form)
    .where(ownAddress(userId, id))
    .returning({ id: address.id });
  return updated.length > 0;
}

/** Deletes an address; when it was the default, the oldest remaining one takes its place. */
export async function deleteAddress(db: Database, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const [deleted] = await tx
      .delete(address)
      .where(ownAddress(userId, id))
      .returning({ isDefault: address.isDefault });
    if (!deleted) return false;
    if (deleted.isDefault) {
      const [oldest] = await tx
        .select({ id: address.id })
        .from(address)
        .where(eq(address.userId, userId))
        .orderBy(asc(address.createdAt), asc(address.id))
        .limit(1);
      if (oldest) await tx.update(address).set({ isDefault: true }).where(eq(address.id, oldest.id));
    }
    return true;
  });
}

export async function setDefaultAddress(db: Database, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const [target] = await tx.select({ id: address.id }).from(address).where(ownAddress(userId, id));
    if (!target) return false;
    // Two statements: a unique index is checked row by row, so clearing first keeps it satisfied.
    await tx
      .update(address)
      .set({ isDefault: false })
      .where(and(eq(address.userId, userId), ne(address.id, id), sql`${address.isDefault}`));
    await tx.update(address).set({ isDefault: true }).where(eq(address.id, id));
    return true;
  });
}
