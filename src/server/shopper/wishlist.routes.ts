import { Hono } from "hono";
import { langQuerySchema, productIdParamSchema } from "#shared/api/catalog-contract.ts";
import { requireUser, type SessionReader, type UserEnv } from "../auth/require-user.ts";
import { validate } from "../http/validate.ts";
import { type ShopperDeps, wishlistAnswers } from "./shopper-answers.ts";

/** The signed-in shopper's wish list; the user always comes from the session, never the URL. */
export function wishlistRoutes(sessions: SessionReader, deps: ShopperDeps) {
  const wishlist = wishlistAnswers(deps);
  const params = validate("param", productIdParamSchema);
  const query = validate("query", langQuerySchema);

  return new Hono<UserEnv>()
    .use(requireUser(sessions))
    .get("/", query, async (c) => c.json(await wishlist.read(c.get("user").id, c.req.valid("query").lang)))
    .put("/:id", params, query, async (c) => {
      const { id } = c.req.valid("param");
      const { status, body } = await wishlist.change(c.get("user").id, id, "add", c.req.valid("query").lang);
      return c.json(body, status);
    })
    .delete("/:id", params, query, async (c) => {
      const { id } = c.req.valid("param");
      const { status, body } = await wishlist.change(
        c.get("user").id,
        id,
        "remove",
        c.req.valid("query").lang,
      );
      return c.json(body, status);
    });
}
