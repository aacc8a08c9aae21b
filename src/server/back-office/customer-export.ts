import { asc, eq, inArray } from "drizzle-orm";
import type { CustomerDataExport } from "#shared/api/back-office-customer-contract.ts";
import type { Database } from "../db/client.ts";
import {
  backInStockRequests,
  cartLine,
  invoice,
  orderLine,
  passkey,
  review,
  wishlistItem,
} from "../db/schema.ts";
import {
  addressesOf,
  addressView,
  findCustomer,
  newsletterOf,
  ordersOf,
  signInMethodsOf,
} from "./customer-detail.ts";

/**
 * Everything the shop keeps about one account, as one document (the GDPR's right of access,
 * decision 045): the account, personal data, addresses, cart, wish list, orders with their lines
 * and invoices' numbers, the newsletter, back-in-stock requests and reviews. The secrets that let it sign in (password hashes,
 * tokens, passkeys' public keys) are the shop's locks, not data about the person: left out.
 */
export async function customerDataExport(
  db: Database,
  id: string,
  now: Date,
): Promise<CustomerDataExport | undefined> {
  const found = await findCustomer(db, id);
  if (!found) return undefined;
  const [signInMethods, keys, addresses, cart, wishlist, orders, newsletter] = await Promise.all([
    signInMethodsOf(db, id),
    db.select().from(passkey).where(eq(passkey.userId, id)).orderBy(asc(passkey.createdAt)),
    addressesOf(db, id),
    db.select().from(cartLine).where(eq(cartLine.userId, id)).orderBy(asc(cartLine.addedAt)),
    db.select().from(wishlistItem).where(eq(wishlistItem.userId, id)).orderBy(asc(wishlistItem.addedAt)),
    ordersOf(db, id),
    newsletterOf(db, found.email),
  ]);
  const orderIds = orders.map((order) => order.id);
  const [lines, invoices, reviews] =
    orderIds.length === 0
      ? [[], [], []]
      : await Promise.all([
          db
            .select()
            .from(orderLine)
            .where(inArray(orderLine.orderId, orderIds))
            .orderBy(asc(orderLine.position)),
          db.select().from(invoice).where(inArray(invoice.orderId, orderIds)).orderBy(asc(invoice.issuedAt)),
          db.select().from(review).where(inArray(review.orderId, orderIds)).orderBy(asc(review.createdAt)),
        ]);
  // Its unsubscribe token is a lock, not data about the person: left out.
  const waiting = await db
    .select()
    .from(backInStockRequests)
    .where(eq(backInStockRequests.email, found.email.toLowerCase()))
    .orderBy(asc(backInStockRequests.createdAt));
  return {
    exportedAt: now.toISOString(),
    account: {
      id: found.id,
      name: found.name,
      lastName: found.lastName,
      email: found.email,
      emailVerified: found.emailVerified,
      createdAt: found.createdAt.toISOString(),
      signInMethods,
      passkeys: keys.map((key) => ({ name: key.name, createdAt: key.createdAt?.toISOString() ?? null })),
    },
    personalData: { phone: found.phone ?? "", birthDate: found.birthDate ?? "" },
    addresses: addresses.map((row) => ({ ...addressView(row), createdAt: row.createdAt.toISOString() })),
    cart: cart.map(({ productId, quantity, addedAt }) => ({
      productId,
      quantity,
      addedAt: addedAt.toISOString(),
    })),
    wishlist: wishlist.map(({ productId, addedAt }) => ({ productId, addedAt: addedAt.toISOString() })),
    orders: orders.map((order) => ({
      number: order.number,
      placedAt: order.placedAt.toISOString(),
      status: order.status,
      totalCents: order.totalCents,
      buyer: { ...order.buyer },
      address: { ...order.address },
      lines: lines
        .filter((line) => line.orderId === order.id)
        .map(({ code, name, quantity, unitCents, totalCents }) => ({
          code,
          name,
          quantity,
          unitCents,
          totalCents,
        })),
      invoices: invoices
        .filter((document) => document.orderId === order.id)
        .map(({ kind, number }) => ({ kind, number })),
    })),
    newsletter,
    backInStock: waiting.map(({ productId, createdAt, notifiedAt }) => ({
      productId,
      createdAt: createdAt.toISOString(),
      notifiedAt: notifiedAt?.toISOString() ?? null,
    })),
    reviews: reviews.map(({ productId, authorName, rating, text, status, createdAt }) => ({
      productId,
      authorName,
      rating,
      text,
      status,
      createdAt: createdAt.toISOString(),
    })),
  };
}
