import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { cartLine, wishlistItem } from "../db/schema.ts";

export async function listWishlist(db: Database, userId: string) {
  return db
    .select({ productId: wishlistItem.productId, addedAt: wishlistItem.addedAt })
    .from(wishlistItem)
    .where(eq(wishlistItem.userId, userId))
    .orderBy(asc(wishlistItem.addedAt));
}

export async function addToWishlist(db: Database, userId: string, productId: number): Promise<void> {
  await db.insert(wishlistItem).values({ userId, productId }).onConflictDoNothing();
}

export async function removeFromWishlist(db: Database, userId: string, productId: number): Promise<void> {
  await db
    .delete(wishlistItem)
    .where(and(eq(wishlistItem.userId, userId), eq(wishlistItem.productId, productId)));
}

export async function listCart(db: Database, userId: string) {
  return db
    .select({ productId: cartLine.productId, quantity: cartLine.quantity })
    .from(cartLine)
    .where(eq(cartLine.userId, userId))
    .orderBy(asc(cartLine.addedAt));
}

export async function cartQuantityOf(db: Database, userId: string, productId: number): Promise<number> {
  const [row] = await db
    .select({ quantity: cartLine.quantity })
    .from(cartLine)
    .where(and(eq(cartLine.userId, userId), eq(cartLine.productId, productId)));
  return row?.quantity ?? 0;
}

export async function setCartQuantity(db: Database, userId: string, productId: number, quantity: number) {
  await db
    .insert(cartLine)
    .values({ userId, productId, quantity })
    .onConflictDoUpdate({
      target: [cartLine.userId, cartLine.productId],
      set: { quantity: sql`excluded.quantity` },
    });
}

export async function removeFromCart(db: Database, userId: string, productId: number): Promise<void> {
  await db.delete(cartLine).where(and(eq(cartLine.userId, userId), eq(cartLine.productId, productId)));
}
