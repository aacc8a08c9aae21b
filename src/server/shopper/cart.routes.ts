import { Hono } from "hono";
import { langQuerySchema, productIdParamSchema } from "#shared/api/catalog-contract.ts";
import { cartQuantitySchema } from "#shared/api/shopper-contract.ts";
import { requireUser, type SessionReader, type UserEnv } from "../auth/require-user.ts";
import { validate } from "../http/validate.ts";
import { cartAnswers, type ShopperDeps } from "./shopper-answers.ts";

/** The signed-in shopper's cart (`shopper-answers.ts` says what each call answers). */
export function cartRoutes(sessions: SessionReader, deps: ShopperDeps) {
  const cart = cartAnswers(deps);
  const params = validate("param", productIdParamSchema);
  const query = validate("query", langQuerySchema);
  const body = validate("json", cartQuantitySchema);

  return new Hono<UserEnv>()
    .use(requireUser(sessions))
    .get("/", query, async (c) => c.json(await cart.read(c.get("user").id, c.req.valid("query").lang)))
    .post("/:id", params, query, body, async (c) => {
      const { id } = c.req.valid("param");
      const change = { ...c.req.valid("json"), mode: "add" } as const;
      const { status, body } = await cart.write(c.get("user").id, id, change, c.req.valid("query").lang);
      return c.json(body, status);
    })
    .put("/:id", params, query, body, async (c) => {
      const { id } = c.req.valid("param");
      const change = { ...c.req.valid("json"), mode: "set" } as const;
      const { status, body } = await cart.write(c.get("user").id, id, change, c.req.valid("query").lang);
      return c.json(body, status);
    })
    .delete("/:id", params, query, async (c) => {
      const { id } = c.req.valid("param");
      const { status, body } = await cart.remove(c.get("user").id, id, c.req.valid("query").lang);
      return c.json(body, status);
    });
}
