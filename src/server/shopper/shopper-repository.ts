import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { cartLine } from "../db/schema.ts";

/** The cart's lines in the order they were added (the checkout prices them again). */
export async function listCart(db: Database, userId: string) {
  return db
    .select({ productId: cartLine.productId, quantity: cartLine.quantity })
    .from(cartLine)
    .where(eq(cartLine.userId, userId))
    .orderBy(asc(cartLine.addedAt));
}
