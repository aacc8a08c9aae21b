import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { bearerAuth } from "hono/bearer-auth";
import { z } from "zod";
import type { OperatorStats } from "#shared/api/operator-stats-contract.ts";
import {
  type OperatorRefundAnswer,
  operatorOrderListQuerySchema,
  operatorRefundSchema,
  operatorSteps,
} from "#shared/api/order-contract.ts";
import type { Database } from "../db/client.ts";
import { shopOrder } from "../db/schema.ts";
import { apiError, validate } from "../http/validate.ts";
import { type LifecycleDeps, transitionOrder } from "../orders/order-lifecycle.ts";
import type { OrderNotifier } from "../orders/order-notifier.ts";
import { loadOrder } from "../orders/order-views.ts";
import { refundOrderLines } from "../orders/refund-lines.ts";
import type { IntentListener } from "../payments/payment-provider.ts";
import type { TestProvider } from "../payments/test-provider.ts";
import { listOrdersForOperator } from "./operator-orders.ts";

const multibancoParams = z.object({ reference: z.string().regex(/^\d{9}$/) });

const numberParams = z.object({ number: z.string().regex(/^\d{4}-\d{6,}$/) });
const stepParams = numberParams.extend({ step: z.enum(operatorSteps) });

/**
 * The operator's side of orders (`npm run orders -- list pagado`, `… ship 2026-000001`): lists
 * them, and moves one along telling the buyer (live and by mail). Guarded by the operator token, never by a shopper's session.
 */
export function operatorRoutes(
  deps: LifecycleDeps & {
    notifier: OrderNotifier;
    token: string;
    /** Sends an issue of the newsletter (`/api/operator/newsletter`). */
    newsletter: Hono;
    /** The page cache's figures, when the process keeps one. */
    pageCacheStats?: () => OperatorStats["pageCache"];
    /** The signed-in shoppers' parts kept beside it. */
    shopperCacheStats?: () => OperatorStats["shopperCache"];
    /** The built-in provider, when it takes the payments: its Multibanco references are paid here. */
    testPayments?: { provider: TestProvider; onIntent: IntentListener };
  },
) {
  const { db, notifier } = deps;
  return new Hono()
    .use(
      bearerAuth({
        token: deps.token,
        noAuthenticationHeader: { message: apiError("unauthorized", "Operator token required") },
        invalidAuthenticationHeader: { message: apiError("unauthorized", "Malformed operator token") },
        invalidToken: { message: apiError("unauthorized", "Wrong operator token") },
      }),
    )
    .route("/newsletter", deps.newsletter)
    .get("/stats", (c) => {
      const { rss, heapUsed } = process.memoryUsage();
      const stats: OperatorStats = {
        pageCache: deps.pageCacheStats?.() ?? null,
        shopperCache: deps.shopperCacheStats?.() ?? null,
        memory: { rssBytes: rss, heapUsedBytes: heapUsed },
      };
      return c.json(stats);
    })
    .get("/orders", validate("query", operatorOrderListQuerySchema), async (c) =>
      c.json({ items: await listOrdersForOperator(db, c.req.valid("query")) }),
    )
    .post("/test-payments/multibanco/:reference/paid", validate("param", multibancoParams), async (c) => {
      // In test mode, the ATM: a reference of the built-in provider paid (decision 034).
      const paid = await deps.testPayments?.provider.payMultibanco(c.req.valid("param").reference);
      if (!paid)
        return c.json(apiError("reference-not-found", "No test Multibanco reference awaiting payment"), 404);
      await deps.testPayments?.onIntent(paid);
      return c.json({ reference: c.req.valid("param").reference, status: paid.status });
    })
    .get("/orders/:number", validate("param", numberParams), async (c) => {
      const { number } = c.req.valid("param");
      const found = await findOrder(db, number);
      const loaded = found && (await loadOrder(db, found.id));
      if (!loaded) return c.json(apiError("order-not-found", `No order ${number}`), 404);
      return c.json(loaded.view);
    })
    .post(
      "/orders/:number/refunds",
      validate("param", numberParams),
      validate("json", operatorRefundSchema),
      async (c) => {
        const { number } = c.req.valid("param");
        const order = await findOrder(db, number);
        if (!order) return c.json(apiError("order-not-found", `No order ${number}`), 404);
        const result = await refundOrderLines(deps, order.id, c.req.valid("json"));
        if (!result.ok) {
          const message = `Order ${number} (${result.status ?? "unknown"}): cannot refund, ${result.error}`;
          return c.json({ ...apiError(result.error, message), status: result.status }, 409);
        }
        await notifier.changed(order.id);
        const answer: OperatorRefundAnswer = {
          number,
          creditNote: result.creditNote,
          amountCents: result.amountCents,
        };
        return c.json(answer, 201);
      },
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
      if (result.changed) await notifier.changed(order.id);
      return c.json({ number, status: result.status, changed: result.changed });
    });
}

async function findOrder(db: Database, number: string) {
  const [order] = await db.select({ id: shopOrder.id }).from(shopOrder).where(eq(shopOrder.number, number));
  return order;
}
