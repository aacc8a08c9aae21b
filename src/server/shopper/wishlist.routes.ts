import { Hono } from "hono";
import type { Catalog } from "#catalog/catalog.ts";
import { langQuerySchema, productIdParamSchema } from "#shared/api/catalog-contract.ts";
import type { WishlistView } from "#shared/api/shopper-contract.ts";
import { requireUser, type SessionReader, type UserEnv } from "../auth/require-user.ts";
import { toProductCard } from "../catalog/product-views.ts";
import type { Database } from "../db/client.ts";
import { apiError, validate } from "../http/validate.ts";
import type { ChangeHub } from "../live/change-hub.ts";
import { changeWishlist, readWishlist, type WishlistRow } from "./wishlist-statements.ts";

/** The signed-in shopper's wish list; the user always comes from the session, never the URL. */
export function wishlistRoutes(sessions: SessionReader, db: Database, catalog: Catalog, hub: ChangeHub) {
  function view(rows: readonly WishlistRow[], lang: "es" | "pt"): WishlistView {
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

  return new Hono<UserEnv>()
    .use(requireUser(sessions))
    .get("/", validate("query", langQuerySchema), async (c) =>
      c.json(view(await readWishlist(db, c.get("user").id), c.req.valid("query").lang)),
    )
    .put("/:id", validate("param", productIdParamSchema), validate("query", langQuerySchema), async (c) => {
      const { id } = c.req.valid("param");
      if (!catalog.getProduct(id)) return c.json(apiError("product-not-found", `No product ${id}`), 404);
      // One statement adds and reads the list back; then the shopper's other tabs are told.
      const userId = c.get("user").id;
      const { changed, items } = await changeWishlist(db, { userId, productId: id, mode: "add" });
      if (changed) await hub.publish(userId, "wishlist");
      return c.json(view(items, c.req.valid("query").lang));
    })
    .delete(
      "/:id",
      validate("param", productIdParamSchema),
      validate("query", langQuerySchema),
      async (c) => {
        const userId = c.get("user").id;
        const { id } = c.req.valid("param");
        const { changed, items } = await changeWishlist(db, { userId, productId: id, mode: "remove" });
        if (changed) await hub.publish(userId, "wishlist");
        return c.json(view(items, c.req.valid("query").lang));
      },
    );
}
