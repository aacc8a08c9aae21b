import { type HotRoute, hotRoutesOf } from "../http/api-first.ts";
import { cartWrites } from "./cart.routes.ts";
import type { ShopperDeps } from "./shopper-answers.ts";
import { wishlistWrites } from "./wishlist.routes.ts";

/**
 * The cart's and the wish list's writes, answered before Hono (decision 023) from the very
 * declarations their routes mount (decision 040), at the paths `app.ts` mounts those routes at
 * (`http/front-door.api.test.ts` checks each is a route of the app).
 */
export function shopperHotRoutes(deps: ShopperDeps): HotRoute[] {
  return [
    ...hotRoutesOf("/api/cart", Object.values(cartWrites(deps))),
    ...hotRoutesOf("/api/wishlist", Object.values(wishlistWrites(deps))),
  ];
}
