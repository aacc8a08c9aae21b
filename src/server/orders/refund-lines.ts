import { and, eq } from "drizzle-orm";
import type { OrderStatus } from "#shared/api/order-contract.ts";
import { quoteRefund, type RefundError, type RefundRequest } from "#shared/checkout/refunds.ts";
import { recordAudit } from "../audit/staff-audit.ts";
import type { Transaction } from "../db/client.ts";
import { payment, refund, shopOrder } from "../db/schema.ts";
import type { AuditBy, LifecycleDeps } from "./order-lifecycle.ts";
import type { OrderMailQueue } from "./order-notifier.ts";
import { settleLineRefunds } from "./payment-settlement.ts";
import { giveBackUnits, issueCreditNote, readRefundable } from "./refund-records.ts";

/** Some units of a paid order to give back, with their shipping or not, back on sale or not. */
export type RefundLinesInput = RefundRequest & { restock: boolean; note: string };

export type RefundLinesOutcome =
  | { ok: true; refundId: string; creditNote: string; amountCents: number }
  | { ok: false; error: "order-not-found" | "not-allowed" | RefundError; status?: OrderStatus };

/** An order whose money is in and still with the shop: paid, on its way, delivered or coming back. */
const refundable: readonly OrderStatus[] = [
  "pagado",
  "preparando",
  "enviado",
  "entregado",
  "devolucion-solicitada",
];

/**
 * Gives back part of a paid order (issue 27): some units of some lines and perhaps the shipping,
 * through the method that paid, while the rest of the order goes on. Like the order's other steps
 * (`order-lifecycle.ts`), the order's row and then its payment's are locked and everything is
 * written in one transaction: the units counted as given back (and back on sale when `restock`),
 * a credit note with the refund's own figures, the refund pending (its note kept with it) and the
 * buyer's mail, and, when `audit` names who did it, the staff audit's entry (issue 30). The
 * provider is asked only after the commit, and a refund it did not take stays pending for the
 * next round (`payment-settlement.ts`).
 */
export async function refundOrderLines(
  deps: LifecycleDeps,
  orderId: string,
  input: RefundLinesInput,
  options: { audit?: AuditBy } = {},
): Promise<RefundLinesOutcome> {
  const at = deps.now();
  const outcome = await deps.db.transaction((tx) =>
    refundLinesWithin(tx, deps.mails, orderId, input, { at, ...options }),
  );
  if (outcome.ok) await settleLineRefunds(deps, orderId);
  return outcome;
}

/**
 * The refund's writes inside a transaction the caller holds (`refundOrderLines`, and the back
 * office's accepted return, which changes the order's status in the same one; decision 044).
 * The caller asks the provider after the commit (`settleLineRefunds`).
 */
export async function refundLinesWithin(
  tx: Transaction,
  mails: OrderMailQueue,
  orderId: string,
  input: RefundLinesInput,
  options: { at: Date; audit?: AuditBy | undefined },
): Promise<RefundLinesOutcome> {
  const { at } = options;
  const [locked] = await tx
    .select({ status: shopOrder.status, number: shopOrder.number })
    .from(shopOrder)
    .where(eq(shopOrder.id, orderId))
    .for("update");
  if (!locked) return { ok: false, error: "order-not-found" };
  const [paid] = await tx
    .select({ id: payment.id })
    .from(payment)
    .where(and(eq(payment.orderId, orderId), eq(payment.status, "captured")))
    .for("update");
  if (!refundable.includes(locked.status) || !paid) {
    return { ok: false, error: "not-allowed", status: locked.status };
  }
  const owed = await readRefundable(tx, orderId);
  const quoted = quoteRefund(owed, input);
  if (!quoted.ok) return { ok: false, error: quoted.error, status: locked.status };
  const { quote } = quoted;
  const creditNote = await issueCreditNote(tx, orderId, quote, at);
  if (!creditNote) return { ok: false, error: "not-allowed", status: locked.status };
  await giveBackUnits(tx, orderId, quote.lines, input.restock, { at, reason: "return" });
  const [row] = await tx
    .insert(refund)
    .values({
      orderId,
      paymentId: paid.id,
      creditNoteId: creditNote.id,
      amountCents: quote.totalCents,
      shippingCents: quote.shippingCents,
      status: quote.totalCents > 0 ? "pending" : "refunded",
      restocked: input.restock,
      note: input.note,
      createdAt: at,
    })
    .returning({ id: refund.id });
  if (!row) throw new Error(`No refund stored for order ${orderId}`);
  if (options.audit) {
    await recordAudit(tx, options.audit.actor, {
      action: "order.refund",
      subjectType: "order",
      subjectId: locked.number ?? orderId,
      before: {
        status: locked.status,
        refundedUnits: owed.lines.map(({ position, refundedQuantity }) => ({ position, refundedQuantity })),
        shippingRefunded: owed.shippingRefunded,
      },
      after: {
        status: locked.status,
        creditNote: creditNote.number,
        amountCents: quote.totalCents,
        lines: quote.lines.map(({ position, quantity }) => ({ position, quantity })),
        shippingCents: quote.shippingCents,
        restock: input.restock,
      },
      note: options.audit.note ?? input.note,
    });
  }
  await mails.queueRefund(tx, orderId, row.id);
  return { ok: true, refundId: row.id, creditNote: creditNote.number, amountCents: quote.totalCents };
}
