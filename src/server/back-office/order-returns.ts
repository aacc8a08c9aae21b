import { eq } from "drizzle-orm";
import type { OrderStatus } from "#shared/api/order-contract.ts";
import { recordAudit } from "../audit/staff-audit.ts";
import { orderEvent, shopOrder } from "../db/schema.ts";
import { type AuditBy, closeReturnRequests, type LifecycleDeps } from "../orders/order-lifecycle.ts";
import { settleLineRefunds } from "../orders/payment-settlement.ts";
import { type RefundLinesInput, type RefundLinesOutcome, refundLinesWithin } from "../orders/refund-lines.ts";

/** A delivered order, or one whose buyer asked to return it: what may come back. */
const returnableFrom: readonly OrderStatus[] = ["entregado", "devolucion-solicitada"];

/**
 * Accepts a return per line (issue 30, decision 044): the units that came back are refunded with
 * their share of the discount (and the shipping when asked), back on sale or not, and the order
 * becomes `devuelto`, all in one transaction under the order's lock, with the staff audit's entry.
 * What did not come back stays with the buyer and is never refunded by it. The buyer hears of the
 * refund's amount and credit note by mail (the refund's own, decision 038); the provider is asked
 * after the commit.
 */
export async function acceptReturn(
  deps: LifecycleDeps,
  orderId: string,
  input: RefundLinesInput,
  audit: AuditBy,
): Promise<RefundLinesOutcome> {
  const at = deps.now();
  const outcome = await deps.db.transaction(async (tx): Promise<RefundLinesOutcome> => {
    const [locked] = await tx
      .select({ status: shopOrder.status, number: shopOrder.number })
      .from(shopOrder)
      .where(eq(shopOrder.id, orderId))
      .for("update");
    if (!locked) return { ok: false, error: "order-not-found" };
    if (!returnableFrom.includes(locked.status)) {
      return { ok: false, error: "not-allowed", status: locked.status };
    }
    const refunded = await refundLinesWithin(tx, deps.mails, orderId, input, { at });
    if (!refunded.ok) return refunded;
    await tx.update(shopOrder).set({ status: "devuelto" }).where(eq(shopOrder.id, orderId));
    await tx.insert(orderEvent).values({ orderId, status: "devuelto", note: "", at });
    await closeReturnRequests(tx, orderId, at);
    await recordAudit(tx, audit.actor, {
      action: "order.return",
      subjectType: "order",
      subjectId: locked.number ?? orderId,
      before: { status: locked.status },
      after: {
        status: "devuelto",
        creditNote: refunded.creditNote,
        amountCents: refunded.amountCents,
        lines: input.lines.filter((line) => line.quantity > 0),
        shipping: input.shipping,
        restock: input.restock,
      },
      note: audit.note ?? "",
    });
    return refunded;
  });
  if (outcome.ok) await settleLineRefunds(deps, orderId);
  return outcome;
}
