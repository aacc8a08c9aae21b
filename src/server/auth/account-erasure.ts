import { count, eq, inArray, sql } from "drizzle-orm";
import type { ErasureOutline } from "#shared/api/back-office-customer-contract.ts";
import type { Database, Transaction } from "../db/client.ts";
import {
  account,
  address,
  backInStockRequests,
  cartLine,
  newsletterSubscriptions,
  passkey,
  personalData,
  review,
  reviewInvitation,
  session,
  shopOrder,
  user,
  wishlistItem,
} from "../db/schema.ts";
import type { AccountChanges } from "./guest.ts";

/** The account as it was when its erasure began (its row locked). */
export type ErasedAccount = { id: string; email: string; outline: ErasureOutline };

/**
 * Erases an account, however it is asked for: the shopper's own deletion (better-auth's
 * `/delete-user`, after their password), a guest's request from an order's link, and staff on a
 * customer's request (decision 045). One transaction: its sessions end; the account, its sign-in
 * methods, passkeys, cart, wish list, personal data, addresses and personal coupons go (foreign
 * keys ON DELETE CASCADE); a proven address leaves the newsletter and its back-in-stock requests
 * too; their reviews and review links go; the orders stay with their
 * copies of buyer and address, which the invoices must keep (tax law), linked to nobody. `within`
 * runs in that transaction first, with the account locked (a check, the staff audit): what it
 * answers other than undefined stops the erasure and is returned.
 */
export async function eraseAccount<Refusal = never>(
  db: Database,
  userId: string,
  within?: (tx: Transaction, erased: ErasedAccount) => Promise<Refusal | undefined>,
): Promise<ErasedAccount | Refusal | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: user.id, email: user.email, emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.id, userId))
      .for("update");
    if (!row) return null;
    const erased: ErasedAccount = { id: row.id, email: row.email, outline: await outlineOf(tx, row) };
    const refusal = await within?.(tx, erased);
    if (refusal !== undefined) return refusal;
    // Someone else may have used an unproven address: only its proven owner's subscription goes.
    if (erased.outline.newsletter) {
      await tx
        .delete(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, row.email.toLowerCase()));
    }
    // So do its «Avísame cuando vuelva» requests (issue 33): an address, and what it waited for.
    if (row.emailVerified) {
      await tx.delete(backInStockRequests).where(eq(backInStockRequests.email, row.email.toLowerCase()));
    }
    // Their reviews are their words under their name (issue 33): they go, and so do the links
    // that would let someone write one from their orders, which stay for the tax law.
    const theirOrders = tx.select({ id: shopOrder.id }).from(shopOrder).where(eq(shopOrder.userId, row.id));
    await tx.delete(review).where(inArray(review.orderId, theirOrders));
    await tx.delete(reviewInvitation).where(inArray(reviewInvitation.orderId, theirOrders));
    await tx.delete(session).where(eq(session.userId, row.id));
    await tx.delete(user).where(eq(user.id, row.id));
    return erased;
  });
}

/**
 * After the commit (decision 022): the account's open pages hear that their documents changed,
 * ask again, and find nobody signed in.
 */
export async function announceErasure(hub: AccountChanges | undefined, userId: string): Promise<void> {
  await hub?.publish(userId, "personalData", "cart", "wishlist", "addresses", "orders");
}

const counted = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;

/** What the erasure removes and keeps, in counts: the audit's record, never the data itself. */
async function outlineOf(
  tx: Transaction,
  row: { id: string; email: string; emailVerified: boolean },
): Promise<ErasureOutline> {
  const of = (table: typeof session | typeof address | typeof cartLine | typeof wishlistItem) =>
    counted(tx.select({ n: count() }).from(table).where(eq(table.userId, row.id)));
  // One after another: a transaction is one connection, which runs one statement at a time.
  const sessions = await of(session);
  const addresses = await of(address);
  const cartLines = await of(cartLine);
  const wishlistItems = await of(wishlistItem);
  const orders = await counted(tx.select({ n: count() }).from(shopOrder).where(eq(shopOrder.userId, row.id)));
  const providers = await tx
    .select({ provider: account.providerId })
    .from(account)
    .where(eq(account.userId, row.id));
  const keys = await counted(tx.select({ n: count() }).from(passkey).where(eq(passkey.userId, row.id)));
  const [personal] = await tx
    .select({ userId: personalData.userId })
    .from(personalData)
    .where(eq(personalData.userId, row.id));
  const [subscribed] = row.emailVerified
    ? await tx
        .select({ id: newsletterSubscriptions.id })
        .from(newsletterSubscriptions)
        .where(sql`${newsletterSubscriptions.email} = lower(${row.email})`)
    : [];
  return {
    sessions,
    signInMethods: [...providers.map(({ provider }) => provider), ...(keys > 0 ? ["passkey"] : [])].sort(),
    addresses,
    cartLines,
    wishlistItems,
    personalData: personal !== undefined,
    newsletter: subscribed !== undefined,
    ordersKept: orders,
  };
}
