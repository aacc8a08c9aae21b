import { z } from "zod";
import type { ProductCard } from "./catalog-contract.ts";

/** How many units of one product a cart line may ask for (the stock limits it further). */
export const cartQuantitySchema = z.object({ cantidad: z.number().int().min(1).max(999) });
export type CartQuantity = z.infer<typeof cartQuantitySchema>;

export type WishlistView = { items: { product: ProductCard; addedAt: string }[] };

export type CartLineView = { product: ProductCard; cantidad: number };

/** The cart with the figures the header and the checkout show, computed by the server. */
export type CartView = { lines: CartLineView[]; totalQuantity: number; subtotalCents: number };

/** Spec §3: total quantity sums each line's cantidad, a missing one counting as 0. */
export function totalQuantity(lines: ReadonlyArray<{ cantidad?: number | null }>): number {
  return lines.reduce((sum, line) => sum + (line.cantidad ?? 0), 0);
}

/** The cart's goods in cents: each line's price times its quantity, added exactly. */
export function subtotalCents(
  lines: ReadonlyArray<{ cantidad: number; product: { priceCents: number } }>,
): number {
  return lines.reduce((sum, line) => sum + line.product.priceCents * line.cantidad, 0);
}
