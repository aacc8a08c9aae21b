import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { bearerAuth } from "hono/bearer-auth";
import { z } from "zod";
import { operatorSteps } from "#shared/api/order-contract.ts";
import type { Database } from "../db/client.ts";
import { shopOrder } from "../db/schema.ts";
import { apiError, validate } from "../http/validate.ts";
import type { ChangeHub } from "../live/change-hub.ts";
import { type LifecycleDeps, transitionOrder } from "../orders/order-lifecycle.ts";

const stepParams = z.object({
  number: z.string().regex(/^\d{4}-\d{6}$/),
  step: z.enum(operatorSteps),
});

/**
 * The operator's side of orders (`npm run orders -- ship 2026-000001`): moves an order along and
 * tells the buyer's open pages. Guarded by the operator token, never by a shopper's session.
 */
export function operatorRoutes(deps: LifecycleDeps & { hub: ChangeHub; token: string }) {
  const { db, hub } = deps;
  return new Hono()
    .use(
      bearerAuth({
        token: deps.token,
        noAuthenticationHeader: { message: apiError("unauthorized", "Operator token required") },
        invalidAuthenticationHeader: { message: apiError("unauthorized", "Malformed operator token") },
        invalidToken: { message: apiError("unauthorized", "Wrong operator token") },
      }),
    )
    .post("/orders/:number/:step", validate("param", stepParams), async (c) => {
      const { number, step } = c.req.valid("param");
      const order = await findOrder(db, number);
      if (!order) return c.json(apiError("order-not-found", `No order ${number}`), 404);
      const result = await transitionOrder(deps, order.id, step, { note: "" });
      if (!result.ok) {
        const message = `Order ${number} is ${result.status ?? "unknown"}; cannot ${step}`;
        return c.json({ ...apiError(result.error, message), status: result.status }, 409);
      }
      if (result.changed && order.userId) await hub.publish(order.userId, "orders");
      return c.json({ number, status: result.status, changed: result.changed });
    });
}

async function findOrder(db: Database, number: string) {
  const [order] = await db
    .select({ id: shopOrder.id, userId: shopOrder.userId })
    .from(shopOrder)
    .where(eq(shopOrder.number, number));
  return order;
}
