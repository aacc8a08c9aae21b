import type { Catalog } from "#catalog/catalog.ts";
import type { ApiErrorBody } from "#shared/api/error-contract.ts";
import {
  type CartView,
  subtotalCents,
  totalQuantity,
  type WishlistView,
} from "#shared/api/shopper-contract.ts";
import type { Lang } from "#shared/lang.ts";
import { maxPerOrder, toProductCard } from "../catalog/product-views.ts";
import type { Database } from "../db/client.ts";
import { apiError } from "../http/validate.ts";
import type { ChangeHub } from "../live/change-hub.ts";
import {
  type CartWrite,
  NO_PER_ORDER_CAP,
  readCart,
  removeCartLine,
  writeCartLine,
} from "./cart-statements.ts";
import { changeWishlist, readWishlist, type WishlistRow } from "./wishlist-statements.ts";

/** An API answer as data: the routes send it through Hono, the hot path (decision 023) as it is. */
export type Answer<Body> = { status: 200; body: Body } | { status: 404 | 409; body: ApiErrorBody };

export type ShopperDeps = { db: Database; catalog: Catalog; hub: ChangeHub };

/**
 * What the cart's reads and writes answer. Quantities are checked against the server's stock (and
 * the one-per-order rule of exclusive lots); prices and totals are the server's. A write is one
 * statement (stock, rule, write, the cart back); then the shopper's other tabs and devices are told.
 */
export function cartAnswers({ db, catalog, hub }: ShopperDeps) {
  function view({ lines }: CartWrite, lang: Lang): CartView {
    const stock = new Map(lines.map((line) => [line.productId, line.available]));
    const shown = lines.flatMap(({ productId, quantity }) => {
      const product = catalog.getProduct(productId);
      return product ? [{ product: toProductCard(product, lang, stock), cantidad: quantity }] : [];
    });
    return { lines: shown, totalQuantity: totalQuantity(shown), subtotalCents: subtotalCents(shown) };
  }

  return {
    read: async (userId: string, lang: Lang): Promise<CartView> => view(await readCart(db, userId), lang),

    /** Adds units to a line (`add`, "Añadir al carrito") or sets its quantity (`set`). */
    async write(
      userId: string,
      productId: number,
      { cantidad: quantity, mode }: { cantidad: number; mode: "add" | "set" },
      lang: Lang,
    ): Promise<Answer<CartView>> {
      const product = catalog.getProduct(productId);
      if (!product) return { status: 404, body: apiError("product-not-found", `No product ${productId}`) };
      const perOrderCap = maxPerOrder(product, NO_PER_ORDER_CAP);
      const cart = await writeCartLine(db, { userId, productId, quantity, mode, perOrderCap });
      if (!cart.written)
        return { status: 409, body: apiError("not-enough-stock", `Only ${cart.limit} available`) };
      await hub.publish(userId, "cart");
      return { status: 200, body: view(cart, lang) };
    },

    async remove(userId: string, productId: number, lang: Lang): Promise<Answer<CartView>> {
      const cart = await removeCartLine(db, userId, productId);
      if (cart.written) await hub.publish(userId, "cart");
      return { status: 200, body: view(cart, lang) };
    },
  };
}

/** What the wish list's reads and writes answer: one statement each, then the other tabs are told. */
export function wishlistAnswers({ db, catalog, hub }: ShopperDeps) {
  function view(rows: readonly WishlistRow[], lang: Lang): WishlistView {
    const stock = new Map(rows.map((row) => [row.productId, row.available]));
    return {
      items: rows.flatMap(({ productId, addedAt }) => {
        const product = catalog.getProduct(productId);
        return product
          ? [{ product: toProductCard(product, lang, stock), addedAt: addedAt.toISOString() }]
          : [];
      }),
    };
  }

  return {
    read: async (userId: string, lang: Lang): Promise<WishlistView> =>
      view(await readWishlist(db, userId), lang),

    async change(
      userId: string,
      productId: number,
      mode: "add" | "remove",
      lang: Lang,
    ): Promise<Answer<WishlistView>> {
      if (mode === "add" && !catalog.getProduct(productId))
        return { status: 404, body: apiError("product-not-found", `No product ${productId}`) };
      const { changed, items } = await changeWishlist(db, { userId, productId, mode });
      if (changed) await hub.publish(userId, "wishlist");
      return { status: 200, body: view(items, lang) };
    },
  };
}
