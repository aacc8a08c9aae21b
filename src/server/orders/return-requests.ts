import { and, asc, eq } from "drizzle-orm";
import { type ReturnRequestLine, returnLinesSchema } from "#shared/api/order-contract.ts";
import { returnableUnits } from "#shared/checkout/returns.ts";
import { recordAudit } from "../audit/staff-audit.ts";
import type { Database, Transaction } from "../db/client.ts";
import { orderEvent, orderLine, returnRequest, shopOrder } from "../db/schema.ts";
import { type AuditBy, type LifecycleDeps, withinWithdrawalPeriod } from "./order-lifecycle.ts";
import type { OrderMailQueue } from "./order-notifier.ts";
import { settleLineRefunds } from "./payment-settlement.ts";
import { type RefundLinesOutcome, refundLinesWithin } from "./refund-lines.ts";

export type ReturnRequestOutcome =
  | { ok: true; requestId: string }
  | { ok: false; error: "order-not-found" | "not-returnable" | "unknown-line" | "too-many-units" };

/**
 * A buyer's withdrawal of some units of a delivered order (issue 33, decision 059), from their
 * account (`userId`) or the order's signed link (none). Under the order's row lock, like every
 * step of an order, so two requests at once never ask together for more than was bought: each
 * line at most its units less those refunded and those in open requests. Only a delivered order,
 * within 14 days of its delivery. The request, its entry in the order's history and the buyer's
 * acknowledgement (with the return address) are written in one transaction; the order's status
 * stays `entregado`, so other lines may still be withdrawn.
 */
export function requestReturn(
  deps: { db: Database; mails: OrderMailQueue; now: () => Date },
  orderId: string,
  lines: readonly ReturnRequestLine[],
  options: { userId?: string } = {},
): Promise<ReturnRequestOutcome> {
  const at = deps.now();
  return deps.db.transaction(async (tx): Promise<ReturnRequestOutcome> => {
    const [locked] = await tx
      .select({ status: shopOrder.status })
      .from(shopOrder)
      .where(
        and(eq(shopOrder.id, orderId), options.userId ? eq(shopOrder.userId, options.userId) : undefined),
      )
      .for("update");
    if (!locked) return { ok: false, error: "order-not-found" };
    if (locked.status !== "entregado" || !(await withinWithdrawalPeriod(tx, orderId, at))) {
      return { ok: false, error: "not-returnable" };
    }
    const sold = await tx
      .select({
        position: orderLine.position,
        name: orderLine.name,
        quantity: orderLine.quantity,
        refundedQuantity: orderLine.refundedQuantity,
      })
      .from(orderLine)
      .where(eq(orderLine.orderId, orderId))
      .orderBy(asc(orderLine.position));
    const open = await openRequests(tx, orderId);
    const left = returnableUnits(sold, open);
    for (const line of lines) {
      const index = sold.findIndex((candidate) => candidate.position === line.position);
      if (index < 0) return { ok: false, error: "unknown-line" };
      if (line.quantity > (left[index] ?? 0)) return { ok: false, error: "too-many-units" };
    }
    const asked = [...lines].sort((a, b) => a.position - b.position);
    const [row] = await tx
      .insert(returnRequest)
      .values({ orderId, lines: asked, createdAt: at })
      .returning({ id: returnRequest.id });
    if (!row) throw new Error(`No return request stored for order ${orderId}`);
    const note = asked
      .map((line) => `${line.quantity} × ${sold.find((s) => s.position === line.position)?.name ?? ""}`)
      .join(", ");
    await tx.insert(orderEvent).values({ orderId, status: "devolucion-solicitada", note, at });
    await deps.mails.queueReturnRequest(tx, orderId, row.id);
    return { ok: true, requestId: row.id };
  });
}

/** How a refused return request is answered, by the account's route and the signed link's. */
export const returnRefusals = {
  "order-not-found": [404, "No such order"],
  "not-returnable": [409, "The order cannot be returned now (not delivered, or past 14 days)"],
  "unknown-line": [400, "The order has no such line"],
  "too-many-units": [409, "More units than can still be returned"],
} as const;

/** An order's open return requests, oldest first, their lines checked as they are read. */
async function openRequests(tx: Transaction, orderId: string) {
  const rows = await tx
    .select({ id: returnRequest.id, lines: returnRequest.lines })
    .from(returnRequest)
    .where(and(eq(returnRequest.orderId, orderId), eq(returnRequest.status, "open")))
    .orderBy(asc(returnRequest.createdAt));
  return rows.map((row) => ({ id: row.id, lines: returnLinesSchema.parse(row.lines) }));
}

export type ReceiveReturnOutcome =
  | RefundLinesOutcome
  | { ok: false; error: "request-not-found" }
  | { ok: false; error: "request-closed" };

/**
 * Staff received a return request's parcel (decision 059): exactly its units are refunded, with
 * their share of the discount, through `refundLinesWithin` (credit note, refund pending, the
 * buyer's refund mail), back on sale unless `restock` is off; the request is closed with its
 * refund, and the staff audit has its entry, all in one transaction under the order's lock. The
 * provider is asked after the commit.
 */
export async function receiveReturnRequest(
  deps: LifecycleDeps,
  orderId: string,
  requestId: string,
  input: { restock: boolean; note: string },
  audit: AuditBy,
): Promise<ReceiveReturnOutcome> {
  const at = deps.now();
  const outcome = await deps.db.transaction(async (tx): Promise<ReceiveReturnOutcome> => {
    const [locked] = await tx
      .select({ number: shopOrder.number })
      .from(shopOrder)
      .where(eq(shopOrder.id, orderId))
      .for("update");
    if (!locked) return { ok: false, error: "order-not-found" };
    const [request] = await tx
      .select()
      .from(returnRequest)
      .where(and(eq(returnRequest.id, requestId), eq(returnRequest.orderId, orderId)))
      .for("update");
    if (!request) return { ok: false, error: "request-not-found" };
    if (request.status !== "open") return { ok: false, error: "request-closed" };
    const lines = returnLinesSchema.parse(request.lines);
    const refunded = await refundLinesWithin(
      tx,
      deps.mails,
      orderId,
      { lines, shipping: false, restock: input.restock, note: input.note },
      { at },
    );
    if (!refunded.ok) return refunded;
    await tx
      .update(returnRequest)
      .set({ status: "received", receivedAt: at, refundId: refunded.refundId })
      .where(eq(returnRequest.id, requestId));
    await recordAudit(tx, audit.actor, {
      action: "order.return-request.receive",
      subjectType: "order",
      subjectId: locked.number ?? orderId,
      before: { returnRequest: requestId, status: "open" },
      after: {
        returnRequest: requestId,
        status: "received",
        creditNote: refunded.creditNote,
        amountCents: refunded.amountCents,
        lines,
        restock: input.restock,
      },
      note: audit.note ?? input.note,
    });
    return refunded;
  });
  if (outcome.ok) await settleLineRefunds(deps, orderId);
  return outcome;
}
