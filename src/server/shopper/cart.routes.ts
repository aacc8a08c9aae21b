import { Hono } from "hono";
import { langQuerySchema, productIdParamSchema } from "#shared/api/catalog-contract.ts";
import { cartQuantitySchema } from "#shared/api/shopper-contract.ts";
import { requireUser, type SessionReader, type UserEnv } from "../auth/require-user.ts";
import { signedInJsonWrite, signedInWrite } from "../http/declared-write.ts";
import { validate } from "../http/validate.ts";
import { cartAnswers, type ShopperDeps } from "./shopper-answers.ts";

/**
 * The cart's writes, each declared once: the routes below mount them, and the hot path
 * (`hot-routes.ts`, decision 040) answers the same declarations before Hono.
 */
export function cartWrites(deps: ShopperDeps) {
  const cart = cartAnswers(deps);
  const line = { path: "/:id", params: productIdParamSchema, query: langQuerySchema } as const;
  return {
    /** "Añadir al carrito": adds units to the line. */
    add: signedInJsonWrite({
      method: "POST",
      ...line,
      body: cartQuantitySchema,
      answer: (user, { params, query, body }) =>
        cart.write(user.id, params.id, { ...body, mode: "add" }, query.lang),
    }),
    /** Sets the line's quantity. */
    set: signedInJsonWrite({
      method: "PUT",
      ...line,
      body: cartQuantitySchema,
      answer: (user, { params, query, body }) =>
        cart.write(user.id, params.id, { ...body, mode: "set" }, query.lang),
    }),
    remove: signedInWrite({
      method: "DELETE",
      ...line,
      answer: (user, { params, query }) => cart.remove(user.id, params.id, query.lang),
    }),
  };
}

/** The signed-in shopper's cart (`shopper-answers.ts` says what each call answers). */
export function cartRoutes(sessions: SessionReader, deps: ShopperDeps) {
  const cart = cartAnswers(deps);
  const { add, set, remove } = cartWrites(deps);
  return new Hono<UserEnv>()
    .use(requireUser(sessions))
    .get("/", validate("query", langQuerySchema), async (c) =>
      c.json(await cart.read(c.get("user").id, c.req.valid("query").lang)),
    )
    .post(add.path, ...add.validators, add.handler)
    .put(set.path, ...set.validators, set.handler)
    .delete(remove.path, ...remove.validators, remove.handler);
}
