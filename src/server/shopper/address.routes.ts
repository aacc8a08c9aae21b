import { Hono } from "hono";
import { z } from "zod";
import {
  ADDRESS_LIMIT,
  type AddressesView,
  addressIdParamSchema,
  addressSchema,
} from "#shared/api/address-contract.ts";
import { requireUser, type SessionReader, type UserEnv } from "../auth/require-user.ts";
import type { Database } from "../db/client.ts";
import { apiError, validate } from "../http/validate.ts";
import type { ChangeHub } from "../live/change-hub.ts";
import {
  createAddress,
  deleteAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from "./address-repository.ts";

const newAddressQuery = z.object({ default: z.enum(["true", "false"]).default("false") });

/** /direccion: the signed-in shopper's delivery addresses. Every answer is the whole list. */
export function addressRoutes(sessions: SessionReader, db: Database, hub: ChangeHub) {
  const view = async (userId: string): Promise<AddressesView> => ({ items: await listAddresses(db, userId) });
  const notFound = (id: string) => apiError("address-not-found", `No address ${id}`);
  const params = validate("param", addressIdParamSchema);
  const body = validate("json", addressSchema);

  return new Hono<UserEnv>()
    .use(requireUser(sessions))
    .get("/", async (c) => c.json(await view(c.get("user").id)))
    .post("/", validate("query", newAddressQuery), body, async (c) => {
      const userId = c.get("user").id;
      const makeDefault = c.req.valid("query").default === "true";
      if (!(await createAddress(db, userId, c.req.valid("json"), makeDefault))) {
        return c.json(apiError("address-limit", `At most ${ADDRESS_LIMIT} addresses`), 409);
      }
      await hub.publish(userId, "addresses");
      return c.json(await view(userId), 201);
    })
    .put("/:id", params, body, async (c) => {
      const userId = c.get("user").id;
      const { id } = c.req.valid("param");
      if (!(await updateAddress(db, userId, id, c.req.valid("json")))) return c.json(notFound(id), 404);
      await hub.publish(userId, "addresses");
      return c.json(await view(userId));
    })
    .put("/:id/default", params, async (c) => {
      const userId = c.get("user").id;
      const { id } = c.req.valid("param");
      if (!(await setDefaultAddress(db, userId, id))) return c.json(notFound(id), 404);
      await hub.publish(userId, "addresses");
      return c.json(await view(userId));
    })
    .delete("/:id", params, async (c) => {
      const userId = c.get("user").id;
      const { id } = c.req.valid("param");
      if (!(await deleteAddress(db, userId, id))) return c.json(notFound(id), 404);
      await hub.publish(userId, "addresses");
      return c.json(await view(userId));
    });
}
