import { Hono } from "hono";
import type { Catalog } from "#catalog/catalog.ts";
import { langQuerySchema, productIdParamSchema } from "#shared/api/catalog-contract.ts";
import { type CartView, cartQuantitySchema, subtotal, totalQuantity } from "#shared/api/shopper-contract.ts";
import type { Lang } from "#shared/lang.ts";
import { requireUser, type SessionReader, type UserEnv } from "../auth/require-user.ts";
import { maxPerOrder, toProductCard } from "../catalog/product-views.ts";
import type { Database } from "../db/client.ts";
import { apiError, validate } from "../http/validate.ts";
import type { ChangeHub } from "../live/change-hub.ts";
import {
  type CartWrite,
  NO_PER_ORDER_CAP,
  readCart,
  removeCartLine,
  writeCartLine,
} from "./cart-statements.ts";

/**
 * The signed-in shopper's cart. Quantities are checked against the server's stock (and the
 * one-per-order rule of exclusive lots); prices and totals are the server's.
 */
export function cartRoutes(sessions: SessionReader, db: Database, catalog: Catalog, hub: ChangeHub) {
  function view({ lines }: CartWrite, lang: Lang): CartView {
    const stock = new Map(lines.map((line) => [line.productId, line.available]));
    const shown = lines.flatMap(({ productId, quantity }) => {
      const product = catalog.getProduct(productId);
      return product ? [{ product: toProductCard(product, lang, stock), cantidad: quantity }] : [];
    });
    return { lines: shown, totalQuantity: totalQuantity(shown), subtotal: subtotal(shown) };
  }

  const params = validate("param", productIdParamSchema);
  const query = validate("query", langQuerySchema);
  const body = validate("json", cartQuantitySchema);

  /**
   * One statement checks the stock and the one-per-order rule, writes and reads the cart back;
   * then the shopper's other tabs and devices are told.
   */
  async function write(userId: string, productId: number, change: { cantidad: number; mode: "add" | "set" }) {
    const product = catalog.getProduct(productId);
    if (!product)
      return {
        ok: false,
        refused: apiError("product-not-found", `No product ${productId}`),
        status: 404,
      } as const;
    const perOrderCap = maxPerOrder(product, NO_PER_ORDER_CAP);
    const { cantidad: quantity, mode } = change;
    const cart = await writeCartLine(db, { userId, productId, quantity, mode, perOrderCap });
    if (!cart.written)
      return {
        ok: false,
        refused: apiError("not-enough-stock", `Only ${cart.limit} available`),
        status: 409,
      } as const;
    await hub.publish(userId, "cart");
    return { ok: true, cart } as const;
  }

  return new Hono<UserEnv>()
    .use(requireUser(sessions))
    .get("/", query, async (c) =>
      c.json(view(await readCart(db, c.get("user").id), c.req.valid("query").lang)),
    )
    .post("/:id", params, query, body, async (c) => {
      const done = await write(c.get("user").id, c.req.valid("param").id, {
        ...c.req.valid("json"),
        mode: "add",
      });
      return done.ok ? c.json(view(done.cart, c.req.valid("query").lang)) : c.json(done.refused, done.status);
    })
    .put("/:id", params, query, body, async (c) => {
      const done = await write(c.get("user").id, c.req.valid("param").id, {
        ...c.req.valid("json"),
        mode: "set",
      });
      return done.ok ? c.json(view(done.cart, c.req.valid("query").lang)) : c.json(done.refused, done.status);
    })
    .delete("/:id", params, query, async (c) => {
      const userId = c.get("user").id;
      const cart = await removeCartLine(db, userId, c.req.valid("param").id);
      if (cart.written) await hub.publish(userId, "cart");
      return c.json(view(cart, c.req.valid("query").lang));
    });
}
