import { Hono } from "hono";
import { langQuerySchema, productIdParamSchema } from "#shared/api/catalog-contract.ts";
import { requireUser, type SessionReader, type UserEnv } from "../auth/require-user.ts";
import { signedInWrite } from "../http/declared-write.ts";
import { validate } from "../http/validate.ts";
import { type ShopperDeps, wishlistAnswers } from "./shopper-answers.ts";

/**
 * The wish list's writes, each declared once: the routes below mount them, and the hot path
 * (`hot-routes.ts`, decision 040) answers the same declarations before Hono.
 */
export function wishlistWrites(deps: ShopperDeps) {
  const wishlist = wishlistAnswers(deps);
  const product = { path: "/:id", params: productIdParamSchema, query: langQuerySchema } as const;
  return {
    add: signedInWrite({
      method: "PUT",
      ...product,
      answer: (user, { params, query }) => wishlist.change(user.id, params.id, "add", query.lang),
    }),
    remove: signedInWrite({
      method: "DELETE",
      ...product,
      answer: (user, { params, query }) => wishlist.change(user.id, params.id, "remove", query.lang),
    }),
  };
}

/** The signed-in shopper's wish list; the user always comes from the session, never the URL. */
export function wishlistRoutes(sessions: SessionReader, deps: ShopperDeps) {
  const wishlist = wishlistAnswers(deps);
  const { add, remove } = wishlistWrites(deps);
  return new Hono<UserEnv>()
    .use(requireUser(sessions))
    .get("/", validate("query", langQuerySchema), async (c) =>
      c.json(await wishlist.read(c.get("user").id, c.req.valid("query").lang)),
    )
    .put(add.path, ...add.validators, add.handler)
    .delete(remove.path, ...remove.validators, remove.handler);
}
