import { z } from "zod";
import type { ProductCard } from "./catalog-contract.ts";

/** How many units of one product a cart line may ask for (the stock limits it further). */
export const cartQuantitySchema = z.object({ cantidad: z.number().int().min(1).max(999) });
export type CartQuantity = z.infer<typeof cartQuantitySchema>;

export type WishlistView = { items: { product: ProductCard; addedAt: string }[] };

export type CartLineView = { product: ProductCard; cantidad: number };

/** The cart with the figures the header and the checkout show, computed by the server. */
export type CartView = { lines: CartLineView[]; totalQuantity: number; subtotal: number };

/** Spec §3: total quantity sums each line's cantidad, a missing one counting as 0. */
export function totalQuantity(lines: ReadonlyArray<{ cantidad?: number | null }>): number {
  return lines.reduce((sum, line) => sum + (line.cantidad ?? 0), 0);
}

/** Euros, added in cents so 0.1 + 0.2 never shows up on a bill. */
export function subtotal(lines: ReadonlyArray<{ cantidad: number; product: { precio: number } }>): number {
  const cents = lines.reduce((sum, line) => sum + Math.round(line.product.precio * 100) * line.cantidad, 0);
  return cents / 100;
}
