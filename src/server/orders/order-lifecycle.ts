import { and, eq, sql } from "drizzle-orm";
import { type OrderStatus, WITHDRAWAL_DAYS } from "#shared/api/order-contract.ts";
import type { Database, Transaction } from "../db/client.ts";
import { invoice, orderEvent, orderLine, payment, productStock, shopOrder } from "../db/schema.ts";
import type { PaymentProvider } from "../payments/payment-provider.ts";
import { formatNumber, nextNumber } from "./number-series.ts";

export type LifecycleDeps = { db: Database; payments: PaymentProvider; now: () => Date };

export type Transition = "prepare" | "ship" | "deliver" | "cancel" | "request-return" | "receive-return";

export type TransitionOutcome =
  | { ok: true; status: OrderStatus; changed: boolean }
  | { ok: false; error: "order-not-found" | "not-allowed"; status?: OrderStatus };

type Rule = { from: readonly OrderStatus[]; to: OrderStatus; refunds: boolean };

/** Which status each step leads to, from where, and whether the money goes back. */
const rules: Record<Transition, Rule> = {
  prepare: { from: ["pagado"], to: "preparando", refunds: false },
  ship: { from: ["pagado", "preparando"], to: "enviado", refunds: false },
  deliver: { from: ["enviado"], to: "entregado", refunds: false },
  cancel: { from: ["pagado", "preparando"], to: "cancelado", refunds: true },
  "request-return": { from: ["entregado"], to: "devolucion-solicitada", refunds: false },
  "receive-return": { from: ["devolucion-solicitada"], to: "devuelto", refunds: true },
};

/**
 * Moves an order one step along its life, recording the step in its history. Steps that give the
 * money back (cancel, receive-return) refund through the provider first (refunds are idempotent),
 * then put the stock back and issue the credit note in the same transaction as the new status.
 * Asking for a step the order has already taken is answered as done, so retries are harmless.
 * `userId` limits the order to its buyer; the operator passes none.
 */
export async function transitionOrder(
  { db, payments, now }: LifecycleDeps,
  orderId: string,
  transition: Transition,
  options: { userId?: string; note?: string } = {},
): Promise<TransitionOutcome> {
  const rule = rules[transition];
  const [order] = await db
    .select({ status: shopOrder.status })
    .from(shopOrder)
    .where(and(eq(shopOrder.id, orderId), options.userId ? eq(shopOrder.userId, options.userId) : undefined));
  if (!order) return { ok: false, error: "order-not-found" };
  if (order.status === rule.to) return { ok: true, status: rule.to, changed: false };
  if (!rule.from.includes(order.status)) return { ok: false, error: "not-allowed", status: order.status };
  if (transition === "request-return" && !(await withinWithdrawalPeriod(db, orderId, now()))) {
    return { ok: false, error: "not-allowed", status: order.status };
  }
  if (rule.refunds) {
    const [paid] = await db.select().from(payment).where(eq(payment.orderId, orderId));
    if (paid?.status === "captured") await payments.refund(paid.reference, paid.amountCents);
  }

  const at = now();
  return db.transaction(async (tx): Promise<TransitionOutcome> => {
    const [locked] = await tx
      .select({ status: shopOrder.status })
      .from(shopOrder)
      .where(eq(shopOrder.id, orderId))
      .for("update");
    if (!locked) return { ok: false, error: "order-not-found" };
    if (locked.status === rule.to) return { ok: true, status: rule.to, changed: false };
    if (!rule.from.includes(locked.status)) return { ok: false, error: "not-allowed", status: locked.status };
    if (rule.refunds) await settleRefund(tx, orderId, at);
    await tx.update(shopOrder).set({ status: rule.to }).where(eq(shopOrder.id, orderId));
    await tx.insert(orderEvent).values({ orderId, status: rule.to, note: options.note ?? "", at });
    return { ok: true, status: rule.to, changed: true };
  });
}

/** The return window runs from the day the order was delivered. */
async function withinWithdrawalPeriod(db: Database, orderId: string, now: Date): Promise<boolean> {
  const [delivered] = await db
    .select({ at: orderEvent.at })
    .from(orderEvent)
    .where(and(eq(orderEvent.orderId, orderId), eq(orderEvent.status, "entregado")));
  if (!delivered) return false;
  return now.getTime() - delivered.at.getTime() <= WITHDRAWAL_DAYS * 24 * 60 * 60 * 1000;
}

/** Stock back on the shelf, the payment marked refunded, and a credit note for the invoice. */
async function settleRefund(tx: Transaction, orderId: string, at: Date): Promise<void> {
  const lines = await tx.select().from(orderLine).where(eq(orderLine.orderId, orderId));
  for (const line of lines) {
    await tx
      .update(productStock)
      .set({ available: sql`${productStock.available} + ${line.quantity}`, updatedAt: at })
      .where(eq(productStock.productId, line.productId));
  }
  const [original] = await tx
    .select({ id: invoice.id, totalCents: invoice.totalCents, vat: invoice.vat })
    .from(invoice)
    .where(and(eq(invoice.orderId, orderId), eq(invoice.kind, "invoice")));
  if (original) {
    const year = at.getUTCFullYear();
    await tx.insert(invoice).values({
      orderId,
      kind: "credit-note",
      number: formatNumber("A", year, await nextNumber(tx, `A${year}`)),
      correctsId: original.id,
      totalCents: original.totalCents,
      vat: original.vat,
      issuedAt: at,
    });
  }
  await tx.update(payment).set({ status: "refunded" }).where(eq(payment.orderId, orderId));
}
