import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { bearerAuth } from "hono/bearer-auth";
import { z } from "zod";
import type { OperatorStats } from "#shared/api/operator-stats-contract.ts";
import {
  type OperatorOrderAnswer,
  type OperatorRefundAnswer,
  type OperatorStepAnswer,
  operatorMoves,
  operatorOrderListQuerySchema,
  operatorRefundSchema,
  operatorShipSchema,
} from "#shared/api/order-contract.ts";
import { trackingLink } from "#shared/tracking.ts";
import { auditOf, recordAudit, type StaffActor } from "../audit/staff-audit.ts";
import type { Database } from "../db/client.ts";
import { shopOrder } from "../db/schema.ts";
import { apiError, validate } from "../http/validate.ts";
import {
  type LifecycleDeps,
  shipOrder,
  type TransitionOutcome,
  transitionOrder,
} from "../orders/order-lifecycle.ts";
import type { OrderNotifier } from "../orders/order-notifier.ts";
import { loadOrder } from "../orders/order-views.ts";
import { refundOrderLines } from "../orders/refund-lines.ts";
import type { IntentListener } from "../payments/payment-provider.ts";
import type { TestProvider } from "../payments/test-provider.ts";
import { listOrdersForOperator } from "./operator-orders.ts";

const multibancoParams = z.object({ reference: z.string().regex(/^\d{9}$/) });

const numberParams = z.object({ number: z.string().regex(/^\d{4}-\d{6,}$/) });
const stepParams = numberParams.extend({ step: z.enum(operatorMoves) });

/** Who acts through this API in the staff audit: the shared bearer token (issue 30). */
const OPERATOR: StaffActor = { kind: "cli", name: "operator-token" };

/**
 * The operator's side of orders (`npm run orders -- list pagado`, `… ship 2026-000001 --carrier …`):
 * lists them, and moves one along telling the buyer (live and by mail). Guarded by the operator
 * token, never by a shopper's session; every change is kept in the staff audit as the token's,
 * in the change's own transaction (issue 30; the test Multibanco payment's, right after it).
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
      const { reference } = c.req.valid("param");
      const paid = await deps.testPayments?.provider.payMultibanco(reference);
      if (!paid)
        return c.json(apiError("reference-not-found", "No test Multibanco reference awaiting payment"), 404);
      const before = paid.orderId ? await orderState(db, paid.orderId) : undefined;
      await deps.testPayments?.onIntent(paid);
      const after = paid.orderId ? await orderState(db, paid.orderId) : undefined;
      // The payment is applied by the provider's listener in its own transaction (order-payments.ts);
      // the audit follows it as soon as it has committed, with the order's number it may just have taken.
      if (paid.orderId && after) {
        await recordAudit(db, OPERATOR, {
          action: "order.multibanco-test-paid",
          subjectType: "order",
          subjectId: after.number ?? paid.orderId,
          before: { status: before?.status ?? null },
          after: { status: after.status, reference },
        });
      }
      return c.json({ reference, status: paid.status });
    })
    .get("/orders/:number", validate("param", numberParams), async (c) => {
      const { number } = c.req.valid("param");
      const found = await findOrder(db, number);
      const loaded = found && (await loadOrder(db, found.id));
      if (!loaded) return c.json(apiError("order-not-found", `No order ${number}`), 404);
      const history = await auditOf(db, "order", number);
      const answer: OperatorOrderAnswer = {
        order: loaded.view,
        history: history.map(({ at, actor, action, before, after, note }) => ({
          at: at.toISOString(),
          actor,
          action,
          before: before ?? null,
          after: after ?? null,
          note,
        })),
      };
      return c.json(answer);
    })
    .post(
      "/orders/:number/refunds",
      validate("param", numberParams),
      validate("json", operatorRefundSchema),
      async (c) => {
        const { number } = c.req.valid("param");
        const order = await findOrder(db, number);
        if (!order) return c.json(apiError("order-not-found", `No order ${number}`), 404);
        const request = c.req.valid("json");
        const result = await refundOrderLines(deps, order.id, request, {
          audit: { actor: OPERATOR, note: request.note },
        });
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
    .post(
      "/orders/:number/ship",
      validate("param", numberParams),
      validate("json", operatorShipSchema),
      async (c) => {
        const { number } = c.req.valid("param");
        const order = await findOrder(db, number);
        if (!order) return c.json(apiError("order-not-found", `No order ${number}`), 404);
        const { carrier, trackingNumber, note } = c.req.valid("json");
        const result = await shipOrder(
          deps,
          order.id,
          { carrier, trackingNumber },
          { audit: { actor: OPERATOR, note } },
        );
        if (!result.ok) {
          return c.json(
            { ...apiError(result.error, refusalOf(number, "ship", result)), status: result.status },
            409,
          );
        }
        if (result.changed) await notifier.changed(order.id);
        return c.json(stepAnswer(number, result));
      },
    )
    .post("/orders/:number/:step", validate("param", stepParams), async (c) => {
      const { number, step } = c.req.valid("param");
      const order = await findOrder(db, number);
      if (!order) return c.json(apiError("order-not-found", `No order ${number}`), 404);
      const result = await transitionOrder(deps, order.id, step, { note: "", audit: { actor: OPERATOR } });
      if (!result.ok) {
        return c.json(
          { ...apiError(result.error, refusalOf(number, step, result)), status: result.status },
          409,
        );
      }
      if (result.changed) await notifier.changed(order.id);
      return c.json(stepAnswer(number, result));
    });
}

async function findOrder(db: Database, number: string) {
  const [order] = await db.select({ id: shopOrder.id }).from(shopOrder).where(eq(shopOrder.number, number));
  return order;
}

async function orderState(db: Database, orderId: string) {
  const [order] = await db
    .select({ status: shopOrder.status, number: shopOrder.number })
    .from(shopOrder)
    .where(eq(shopOrder.id, orderId));
  return order;
}

function refusalOf(number: string, step: string, result: Extract<TransitionOutcome, { ok: false }>): string {
  if (result.error === "shipped-otherwise") {
    return `Order ${number} is already shipped with another carrier or tracking number`;
  }
  return `Order ${number} is ${result.status ?? "unknown"}; cannot ${step}`;
}

function stepAnswer(number: string, result: Extract<TransitionOutcome, { ok: true }>): OperatorStepAnswer {
  const { status, changed, shipment } = result;
  return {
    number,
    status,
    changed,
    shipment: shipment && trackingLink(shipment.carrier, shipment.trackingNumber),
  };
}
