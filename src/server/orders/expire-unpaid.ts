import { and, eq, lt } from "drizzle-orm";
import { payment, shopOrder } from "../db/schema.ts";
import { expireOrder } from "./order-lifecycle.ts";
import { applyIntent, type OrderPaymentDeps } from "./order-payments.ts";

/** At most this many orders per round, so one round never holds the process long. */
const BATCH = 50;

/**
 * Orders left unpaid past their time (decision 034): each one's payment is cancelled at the
 * provider first, with no lock held, and what the provider answers is applied as any of its news
 * is: cancelled, the order expires and its stock goes back; paid meanwhile, the order is paid. An
 * order whose payment was never made at the provider expires under its own row lock. Any process
 * may run this: every step moves only from the state it read.
 */
export async function expireUnpaid(deps: OrderPaymentDeps): Promise<{ expired: number; failed: number }> {
  const at = deps.now();
  const due = await deps.db
    .select({ orderId: shopOrder.id, reference: payment.reference })
    .from(shopOrder)
    .leftJoin(payment, eq(payment.orderId, shopOrder.id))
    .where(and(eq(shopOrder.status, "pendiente-pago"), lt(shopOrder.payBy, at)))
    .limit(BATCH);
  let expired = 0;
  let failed = 0;
  for (const { orderId, reference } of due) {
    try {
      const outcome = reference
        ? await applyIntent(deps, await deps.payments.cancel(reference))
        : await expireWithoutPayment(deps, orderId);
      if (outcome === "expired") expired++;
    } catch (error) {
      failed++;
      deps.logger.error({ err: error, orderId }, "unpaid order not expired yet; retrying later");
    }
  }
  return { expired, failed };
}

async function expireWithoutPayment(deps: OrderPaymentDeps, orderId: string) {
  const expired = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: shopOrder.status })
      .from(shopOrder)
      .where(eq(shopOrder.id, orderId))
      .for("update");
    if (locked?.status !== "pendiente-pago") return false;
    await expireOrder(tx, orderId, deps.now());
    await deps.notifier.queue(tx, orderId);
    return true;
  });
  if (!expired) return "unchanged";
  await deps.notifier.changed(orderId);
  return "expired";
}
