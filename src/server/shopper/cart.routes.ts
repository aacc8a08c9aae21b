import { Hono } from "hono";
import type { Catalog } from "#catalog/catalog.ts";
import { langQuerySchema, productIdParamSchema } from "#shared/api/catalog-contract.ts";
import { type CartView, cartQuantitySchema, subtotal, totalQuantity } from "#shared/api/shopper-contract.ts";
import type { Lang } from "#shared/lang.ts";
import type { Auth } from "../auth/auth.ts";
import { requireUser, type UserEnv } from "../auth/require-user.ts";
import { maxPerOrder, toProductCard } from "../catalog/product-views.ts";
import type { Database } from "../db/client.ts";
import { apiError, validate } from "../http/validate.ts";
import type { ChangeHub } from "../live/change-hub.ts";
import { readStock } from "../stock/stock-repository.ts";
import { cartQuantityOf, listCart, removeFromCart, setCartQuantity } from "./shopper-repository.ts";

/**
 * The signed-in shopper's cart. Quantities are checked against the server's stock (and the
 * one-per-order rule of exclusive lots); prices and totals are the server's.
 */
export function cartRoutes(auth: Auth, db: Database, catalog: Catalog, hub: ChangeHub) {
  async function view(userId: string, lang: Lang): Promise<CartView> {
    const rows = await listCart(db, userId);
    const stock = await readStock(
      db,
      rows.map((row) => row.productId),
    );
    const lines = rows.flatMap(({ productId, quantity }) => {
      const product = catalog.getProduct(productId);
      return product ? [{ product: toProductCard(product, lang, stock), cantidad: quantity }] : [];
    });
    return { lines, totalQuantity: totalQuantity(lines), subtotal: subtotal(lines) };
  }

  /** How many units of a product one order may hold now, or undefined for an unknown product. */
  async function allowed(productId: number): Promise<number | undefined> {
    const product = catalog.getProduct(productId);
    if (!product) return undefined;
    const stock = await readStock(db, [productId]);
    return maxPerOrder(product, stock.get(productId) ?? 0);
  }

  const params = validate("param", productIdParamSchema);
  const query = validate("query", langQuerySchema);
  const body = validate("json", cartQuantitySchema);

  return new Hono<UserEnv>()
    .use(requireUser(auth))
    .get("/", query, async (c) => c.json(await view(c.get("user").id, c.req.valid("query").lang)))
    .post("/:id", params, query, body, async (c) => {
      const userId = c.get("user").id;
      const { id } = c.req.valid("param");
      const limit = await allowed(id);
      if (limit === undefined) return c.json(apiError("product-not-found", `No product ${id}`), 404);
      const wanted = (await cartQuantityOf(db, userId, id)) + c.req.valid("json").cantidad;
      if (wanted > limit) return c.json(apiError("not-enough-stock", `Only ${limit} available`), 409);
      await setCartQuantity(db, userId, id, wanted);
      await hub.publish(userId, "cart");
      return c.json(await view(userId, c.req.valid("query").lang));
    })
    .put("/:id", params, query, body, async (c) => {
      const userId = c.get("user").id;
      const { id } = c.req.valid("param");
      const limit = await allowed(id);
      if (limit === undefined) return c.json(apiError("product-not-found", `No product ${id}`), 404);
      const { cantidad } = c.req.valid("json");
      if (cantidad > limit) return c.json(apiError("not-enough-stock", `Only ${limit} available`), 409);
      await setCartQuantity(db, userId, id, cantidad);
      await hub.publish(userId, "cart");
      return c.json(await view(userId, c.req.valid("query").lang));
    })
    .delete("/:id", params, query, async (c) => {
      await removeFromCart(db, c.get("user").id, c.req.valid("param").id);
      await hub.publish(c.get("user").id, "cart");
      return c.json(await view(c.get("user").id, c.req.valid("query").lang));
    });
}
