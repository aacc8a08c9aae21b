import { Hono } from "hono";
import type { Catalog } from "#catalog/catalog.ts";
import { langQuerySchema, productIdParamSchema } from "#shared/api/catalog-contract.ts";
import type { WishlistView } from "#shared/api/shopper-contract.ts";
import type { Auth } from "../auth/auth.ts";
import { requireUser, type UserEnv } from "../auth/require-user.ts";
import { toProductCard } from "../catalog/product-views.ts";
import type { Database } from "../db/client.ts";
import { apiError, validate } from "../http/validate.ts";
import type { ChangeHub } from "../live/change-hub.ts";
import { readStock } from "../stock/stock-repository.ts";
import { addToWishlist, listWishlist, removeFromWishlist } from "./shopper-repository.ts";

/** The signed-in shopper's wish list; the user always comes from the session, never the URL. */
export function wishlistRoutes(auth: Auth, db: Database, catalog: Catalog, hub: ChangeHub) {
  async function view(userId: string, lang: "es" | "pt"): Promise<WishlistView> {
    const rows = await listWishlist(db, userId);
    const stock = await readStock(
      db,
      rows.map((row) => row.productId),
    );
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
    .use(requireUser(auth))
    .get("/", validate("query", langQuerySchema), async (c) =>
      c.json(await view(c.get("user").id, c.req.valid("query").lang)),
    )
    .put("/:id", validate("param", productIdParamSchema), validate("query", langQuerySchema), async (c) => {
      const { id } = c.req.valid("param");
      if (!catalog.getProduct(id)) return c.json(apiError("product-not-found", `No product ${id}`), 404);
      await addToWishlist(db, c.get("user").id, id);
      await hub.publish(c.get("user").id, "wishlist");
      return c.json(await view(c.get("user").id, c.req.valid("query").lang));
    })
    .delete(
      "/:id",
      validate("param", productIdParamSchema),
      validate("query", langQuerySchema),
      async (c) => {
        await removeFromWishlist(db, c.get("user").id, c.req.valid("param").id);
        await hub.publish(c.get("user").id, "wishlist");
        return c.json(await view(c.get("user").id, c.req.valid("query").lang));
      },
    );
}
