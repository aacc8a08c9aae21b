import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { anonymous } from "better-auth/plugins/anonymous";
import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { Catalog } from "#catalog/catalog.ts";
import type { ShopperDocument } from "#shared/api/live-contract.ts";
import { maxPerOrder } from "../catalog/product-views.ts";
import { claimRefusal } from "../coupons/coupon-claims.ts";
import type { CouponShopper } from "../coupons/coupon-repository.ts";
import type { Database, Transaction } from "../db/client.ts";
import { address, cartLine, productStock, session, shopOrder, user, wishlistItem } from "../db/schema.ts";

/**
 * The part of the live change hub (`server/live/change-hub.ts`) moving a guest's rows needs,
 * declared here so that auth does not import live, which imports auth's guards (issue 29).
 */
export type AccountChanges = {
  publish(userId: string, ...documents: [ShopperDocument, ...ShopperDocument[]]): Promise<void>;
};

/** What buying as a guest needs (decision 032): the per-order caps of the cart, and the live hub. */
export type GuestOptions = {
  catalog: Catalog;
  /** Tells the account's open pages that its cart, list, addresses and orders changed. */
  hub?: AccountChanges;
};

/** Guests are made like accounts: a few a minute from one address (`/sign-up/email`'s limit). */
export const GUEST_RATE_LIMIT = { "/sign-in/anonymous": { window: 60, max: 5 } } as const;

/** A guest without an order and without a session used for this long is forgotten. */
export const STALE_GUEST_DAYS = 30;

/**
 * better-auth's anonymous plugin as the shop's guest checkout: `POST /api/auth/sign-in/anonymous`
 * makes a guest user with a session, so the cart, orders and invoices stay keyed by a user. When
 * the guest signs up or signs in, its rows move to the account and the guest is deleted.
 */
export function guestCheckout(db: Database, { catalog, hub }: GuestOptions) {
  const plugin = anonymous({
    emailDomainName: "guest.invalid",
    generateName: () => "Guest",
    // The guest is deleted here, by us, only once nothing of it is left (`moveGuestRows`).
    disableDeleteAnonymousUser: true,
    onLinkAccount: async ({ anonymousUser, newUser }) => {
      const from = anonymousUser.user.id;
      const to = { id: newUser.user.id, email: newUser.user.email };
      if (from === to.id) return;
      await db.transaction((tx) => moveGuestRows(tx, catalog, from, to));
      await hub?.publish(to.id, "cart", "wishlist", "addresses", "orders");
    },
  });
  return {
    ...plugin,
    hooks: {
      ...plugin.hooks,
      before: [
        // Signed in to an account, a shopper is no guest: the plugin would end the account's
        // session for a new guest (the shop only offers it to visitors).
        {
          matcher: (ctx: { path?: string }) => ctx.path === "/sign-in/anonymous",
          handler: createAuthMiddleware(async (ctx) => {
            const current = await getSessionFromCtx(ctx, { disableRefresh: true });
            if (current && !current.user.isAnonymous) {
              throw new APIError("BAD_REQUEST", { code: "ALREADY_SIGNED_IN", message: "Already signed in" });
            }
          }),
        },
        ...(plugin.hooks?.before ?? []),
      ],
    },
  };
}

/**
 * Everything a guest kept, moved to an account: the cart merged with the account's (a product in
 * both gets both quantities, capped as the cart caps them: the stock and the one-per-order lots),
 * the wish list, the addresses (the account's default stays the default) and the orders, whose
 * invoices and credit notes follow them. An order the account may not hold (its coupon's
 * once-per-shopper or first-order rule, `claimRefusal`: issue 28, never two welcome discounts for
 * one shopper) stays with the guest, reachable by its mailed link; the guest is deleted only when
 * no order is left with it.
 */
export async function moveGuestRows(tx: Transaction, catalog: Catalog, from: string, to: CouponShopper) {
  const lines = await tx
    .select({
      productId: cartLine.productId,
      quantity: cartLine.quantity,
      addedAt: cartLine.addedAt,
      available: productStock.available,
    })
    .from(cartLine)
    .leftJoin(productStock, eq(productStock.productId, cartLine.productId))
    .where(eq(cartLine.userId, from));
  for (const line of lines) {
    const product = catalog.getProduct(line.productId);
    const cap = product ? maxPerOrder(product, line.available ?? 0) : 0;
    if (cap <= 0) continue;
    await tx
      .insert(cartLine)
      .values({
        userId: to.id,
        productId: line.productId,
        quantity: Math.min(line.quantity, cap),
        addedAt: line.addedAt,
      })
      .onConflictDoUpdate({
        target: [cartLine.userId, cartLine.productId],
        set: { quantity: sql`least(${cartLine.quantity} + excluded.quantity, ${cap}::int)` },
      });
  }
  await tx.execute(sql`
    insert into ${wishlistItem} (user_id, product_id, added_at)
    select ${to.id}, product_id, added_at from ${wishlistItem} where user_id = ${from}
    on conflict do nothing`);
  await tx.execute(sql`
    update ${address} set user_id = ${to.id},
      is_default = ${address.isDefault} and not exists (
        select 1 from ${address} as kept where kept.user_id = ${to.id} and kept.is_default)
    where ${address.userId} = ${from}`);
  const left = await moveGuestOrders(tx, from, to);
  if (left === 0) await tx.delete(user).where(eq(user.id, from));
  else await tx.delete(session).where(eq(session.userId, from));
}

/** Moves the guest's orders the account may hold, oldest first; answers how many stay behind. */
async function moveGuestOrders(tx: Transaction, from: string, to: CouponShopper): Promise<number> {
  // The account's row first, as a claim takes it: it queues with the account's checkouts.
  await tx.select({ id: user.id }).from(user).where(eq(user.id, to.id)).for("no key update");
  const orders = await tx
    .select({
      id: shopOrder.id,
      couponCode: shopOrder.couponCode,
      status: shopOrder.status,
      placedAt: shopOrder.placedAt,
    })
    .from(shopOrder)
    .where(eq(shopOrder.userId, from))
    .orderBy(asc(shopOrder.placedAt))
    .for("update");
  let left = 0;
  for (const order of orders) {
    if (await claimRefusal(tx, order, to)) left += 1;
    else await tx.update(shopOrder).set({ userId: to.id }).where(eq(shopOrder.id, order.id));
  }
  return left;
}

/**
 * Forgets guests who never ordered and have not been seen for `STALE_GUEST_DAYS`: their cart,
 * list, addresses and sessions go with them (ON DELETE CASCADE). A guest with an order is kept:
 * its order page link and erasure request need it (decision 032). Answers how many went.
 */
export async function sweepStaleGuests(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - STALE_GUEST_DAYS * 86_400_000);
  const gone = await db
    .delete(user)
    .where(
      and(
        eq(user.isAnonymous, true),
        lt(user.createdAt, before),
        sql`not exists (select 1 from ${shopOrder} where ${shopOrder.userId} = ${user.id})`,
        sql`not exists (select 1 from ${session} where ${session.userId} = ${user.id}
          and ${session.updatedAt} >= ${before.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: user.id });
  return gone.length;
}
