import { langQuerySchema, productIdParamSchema } from "#shared/api/catalog-contract.ts";
import { cartQuantitySchema } from "#shared/api/shopper-contract.ts";
import { type HotRoute, hotRoute } from "../http/api-first.ts";
import { cartAnswers, type ShopperDeps, wishlistAnswers } from "./shopper-answers.ts";

/** A product id as the app's routes take it, plain digits only (anything else is the app's). */
const PRODUCT = "(?<id>[0-9]{1,9})";

/**
 * The cart's and the wish list's writes, answered before Hono (decision 023) with the same schemas
 * and the same answers (`shopper-answers.ts`) as their routes in `cart.routes.ts` and
 * `wishlist.routes.ts`.
 */
export function shopperHotRoutes(deps: ShopperDeps): HotRoute[] {
  const cart = cartAnswers(deps);
  const wishlist = wishlistAnswers(deps);
  const cartLine = new RegExp(`^/api/cart/${PRODUCT}$`);
  const wished = new RegExp(`^/api/wishlist/${PRODUCT}$`);
  const schemas = { params: productIdParamSchema, query: langQuerySchema };
  const lineWrites = [
    ["POST", "add"],
    ["PUT", "set"],
  ] as const;
  return [
    ...lineWrites.map(([method, mode]) =>
      hotRoute({
        method,
        path: cartLine,
        ...schemas,
        body: cartQuantitySchema,
        answer: (user, { params, query, body }) =>
          cart.write(user.id, params.id, { ...body, mode }, query.lang),
      }),
    ),
    hotRoute({
      method: "DELETE",
      path: cartLine,
      ...schemas,
      answer: (user, { params, query }) => cart.remove(user.id, params.id, query.lang),
    }),
    hotRoute({
      method: "PUT",
      path: wished,
      ...schemas,
      answer: (user, { params, query }) => wishlist.change(user.id, params.id, "add", query.lang),
    }),
    hotRoute({
      method: "DELETE",
      path: wished,
      ...schemas,
      answer: (user, { params, query }) => wishlist.change(user.id, params.id, "remove", query.lang),
    }),
  ];
}
