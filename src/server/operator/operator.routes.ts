import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { bearerAuth } from "hono/bearer-auth";
import { z } from "zod";
import type { OperatorStats } from "#shared/api/operator-stats-contract.ts";
import { OPERATOR_TOKEN, recordAudit } from "../audit/staff-audit.ts";
import type { Database } from "../db/client.ts";
import { shopOrder } from "../db/schema.ts";
import { apiError, validate } from "../http/validate.ts";
import type { IntentListener } from "../payments/payment-provider.ts";
import type { TestProvider } from "../payments/test-provider.ts";

const multibancoParams = z.object({ reference: z.string().regex(/^\d{9}$/) });

/**
 * What the operator token still does (decision 047): machine work no person does by hand. The
 * process's figures (the benchmark reads them), sending a newsletter issue and, in test mode,
 * paying a test Multibanco reference (`npm run test-payments`), audited as the token's. Orders
 * are moved from the back office only, by a named staff member. Never guarded by a session.
 */
export function operatorRoutes(deps: {
  db: Database;
  token: string;
  /** Sends an issue of the newsletter (`/api/operator/newsletter`). */
  newsletter: Hono;
  /** The page cache's figures, when the process keeps one. */
  pageCacheStats?: () => OperatorStats["pageCache"];
  /** The signed-in shoppers' parts kept beside it. */
  shopperCacheStats?: () => OperatorStats["shopperCache"];
  /** The built-in provider, when it takes the payments: its Multibanco references are paid here. */
  testPayments?: { provider: TestProvider; onIntent: IntentListener };
}) {
  const { db } = deps;
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
        await recordAudit(db, OPERATOR_TOKEN, {
          action: "order.multibanco-test-paid",
          subjectType: "order",
          subjectId: after.number ?? paid.orderId,
          before: { status: before?.status ?? null },
          after: { status: after.status, reference },
        });
      }
      return c.json({ reference, status: paid.status });
    });
}

async function orderState(db: Database, orderId: string) {
  const [order] = await db
    .select({ status: shopOrder.status, number: shopOrder.number })
    .from(shopOrder)
    .where(eq(shopOrder.id, orderId));
  return order;
}
