import { and, eq } from "drizzle-orm";
import type { IntentStatus } from "#shared/api/payment-contract.ts";
import { paymentMethodsFor } from "#shared/checkout/payment-methods.ts";

import type { Database, Transaction } from "../db/client.ts";
import { invoice, orderEvent, payment, shopOrder } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { IntentState, PaymentProvider } from "../payments/payment-provider.ts";
import { nextNumber, series, shopYear } from "./number-series.ts";
import { expireOrder } from "./order-lifecycle.ts";
import type { OrderNotifier } from "./order-notifier.ts";
import { refundPending } from "./payment-settlement.ts";
import { PAY_WITHIN_MS } from "./store-order.ts";

export type OrderPaymentDeps = {
  db: Database;
  payments: PaymentProvider;
  notifier: OrderNotifier;
  logger: Logger;
  now: () => Date;
};

type PaymentRow = typeof payment.$inferSelect;
type OrderRow = typeof shopOrder.$inferSelect;

/**
 * The order's payment at the provider, made the first time it is asked for (after the order's
 * commit: no lock is held across the call). The key is the order's, so asking again, from any
 * process, finds the same one, and one payment never backs two orders (issue 27).
 */
export async function ensurePayment(
  { db, payments }: Pick<OrderPaymentDeps, "db" | "payments">,
  order: Pick<OrderRow, "id" | "totalCents" | "address" | "placedAt">,
): Promise<PaymentRow> {
  const [existing] = await db.select().from(payment).where(eq(payment.orderId, order.id));
  if (existing) return existing;
  const { reference } = await payments.createIntent({
    orderId: order.id,
    amountCents: order.totalCents,
    methods: paymentMethodsFor(order.address.country, order.totalCents),
    idempotencyKey: `order-${order.id}`,
    description: `Pedido ${order.id}`,
  });
  await db
    .insert(payment)
    .values({
      orderId: order.id,
      provider: payments.name,
      reference,
      status: "pending",
      amountCents: order.totalCents,
      createdAt: order.placedAt,
    })
    .onConflictDoNothing();
  const [stored] = await db.select().from(payment).where(eq(payment.orderId, order.id));
  if (!stored) throw new Error(`No payment stored for order ${order.id}`);
  return stored;
}

export type Applied =
  | "paid"
  | "reference-given"
  | "updated"
  | "expired"
  | "refund-owed"
  | "unchanged"
  | "refused";

/**
 * What the provider says of a payment (its webhook, the built-in provider, a shopper's return),
 * applied to the order it belongs to (decision 034). Nothing changes unless the payment is ours
 * and the provider's amount, currency and order id are the order's. A payment moves only while it
 * is pending (its order awaiting payment: a cancelled order's payment is cancel-pending, an
 * expired one's cancelled), so news repeated or arriving in any order lands on the same result:
 * the first final word (paid, or cancelled) stays, and money taken after all goes back.
 */
export async function applyIntent(deps: OrderPaymentDeps, state: IntentState): Promise<Applied> {
  const { db, payments, logger } = deps;
  const [row] = await db
    .select()
    .from(payment)
    .where(and(eq(payment.provider, payments.name), eq(payment.reference, state.reference)));
  if (!row) {
    logger.warn({ reference: state.reference }, "payment news for no order of ours");
    return "refused";
  }
  if (state.orderId !== row.orderId || state.amountCents !== row.amountCents || state.currency !== "eur") {
    // What the provider says, without its client secret (never logged).
    const { status, amountCents, currency, orderId } = state;
    logger.error(
      { reference: state.reference, order: row.orderId, told: { status, amountCents, currency, orderId } },
      "payment news does not match its order: ignored",
    );
    return "refused";
  }
  const applied = await db.transaction((tx) => applyLocked(tx, deps, row, state));
  if (applied === "unchanged" || applied === "refused") return applied;
  if (applied === "refund-owed") await refundPending({ db, payments }, row.orderId);
  await deps.notifier.changed(row.orderId);
  return applied;
}

async function applyLocked(
  tx: Transaction,
  { notifier, now }: OrderPaymentDeps,
  { id: paymentId, orderId }: PaymentRow,
  state: IntentState,
): Promise<Applied> {
  const locked = await lockOrderAndPayment(tx, orderId, paymentId);
  if (!locked) return "unchanged";
  if (locked.payment.status === "cancelled" && state.status === "succeeded") {
    // Taken although cancelled (a reference paid at an ATM as it expired): the money goes back.
    await tx.update(payment).set({ status: "refund-pending" }).where(eq(payment.id, paymentId));
    return "refund-owed";
  }
  if (locked.payment.status !== "pending") return "unchanged";
  const awaiting = locked.order.status === "pendiente-pago";
  const step = steps[state.status];
  const facts = { order: locked.order, payment: locked.payment, state, at: now(), awaiting };
  if (awaiting) await forgetLeftReference(tx, facts);
  const applied = await step(tx, facts);
  // The buyer hears by mail, queued with the change, of a paid or expired order and of the
  // Multibanco reference to pay with.
  if (applied === "paid" || applied === "expired" || applied === "reference-given") {
    await notifier.queue(tx, locked.order.id);
  }
  return applied;
}

/**
 * The order's row, then its payment's, locked in that order as every step of an order's life takes
 * them (`order-lifecycle.ts`): news of a payment racing a cancel waits for it, never deadlocks.
 */
async function lockOrderAndPayment(tx: Transaction, orderId: string, paymentId: string) {
  const [order] = await tx.select().from(shopOrder).where(eq(shopOrder.id, orderId)).for("update");
  const [paid] = await tx.select().from(payment).where(eq(payment.id, paymentId)).for("update");
  return order && paid ? { order, payment: paid } : undefined;
}

type Facts = { order: OrderRow; payment: PaymentRow; state: IntentState; at: Date; awaiting: boolean };
type Step = (tx: Transaction, facts: Facts) => Promise<Applied>;

const steps: Record<IntentStatus, Step> = {
  succeeded: async (tx, { order, payment: row, state, at }) => {
    const paid = { method: state.method, cardLast4: state.cardLast4, lastFailure: null, confirmedAt: at };
    await tx
      .update(payment)
      .set({ ...paid, status: "captured", multibanco: null })
      .where(eq(payment.id, row.id));
    await markPaid(tx, order, at);
    return "paid";
  },
  requires_action: async (tx, { order, payment: row, state, awaiting }) => {
    if (!awaiting || !state.multibanco || row.multibanco?.reference === state.multibanco.reference) {
      return "unchanged";
    }
    // A Multibanco reference: the order waits for it until the reference expires.
    await tx
      .update(payment)
      .set({ method: "multibanco", multibanco: state.multibanco, lastFailure: null })
      .where(eq(payment.id, row.id));
    await tx
      .update(shopOrder)
      .set({ payBy: new Date(state.multibanco.expiresAt) })
      .where(eq(shopOrder.id, order.id));
    return "reference-given";
  },
  requires_payment_method: async (tx, { payment: row, state, awaiting }) => {
    if (!awaiting || !state.lastFailure || state.lastFailure === row.lastFailure) return "unchanged";
    await tx
      .update(payment)
      .set({ method: state.method, lastFailure: state.lastFailure, multibanco: null })
      .where(eq(payment.id, row.id));
    return "updated";
  },
  processing: async () => "unchanged",
  canceled: async (tx, { order, at, awaiting }) => {
    if (!awaiting) return "unchanged";
    await expireOrder(tx, order.id, at);
    return "expired";
  },
};

/**
 * A Multibanco reference the shopper left for another way to pay (the intent no longer has it):
 * it is no longer shown, and the order waits no longer than any other payment would.
 */
async function forgetLeftReference(
  tx: Transaction,
  { order, payment: row, state, at }: Facts,
): Promise<void> {
  const left = row.multibanco;
  if (!left || state.status === "succeeded" || state.multibanco?.reference === left.reference) return;
  await tx.update(payment).set({ multibanco: null, method: state.method }).where(eq(payment.id, row.id));
  const within = new Date(at.getTime() + PAY_WITHIN_MS);
  const payBy = order.payBy && order.payBy < within ? order.payBy : within;
  await tx.update(shopOrder).set({ payBy }).where(eq(shopOrder.id, order.id));
  row.multibanco = null;
}

/**
 * The money is in: the order and its invoice take their numbers (the gapless series, in this
 * transaction), the order is paid, and the buyer's confirmation mail is queued with it.
 */
async function markPaid(tx: Transaction, order: OrderRow, at: Date): Promise<void> {
  const year = shopYear(at);
  const number = await nextNumber(tx, series.order(year));
  await tx.insert(invoice).values({
    orderId: order.id,
    kind: "invoice",
    number: await nextNumber(tx, series.invoice(year)),
    totalCents: order.totalCents,
    vat: order.vat,
    issuedAt: at,
  });
  await tx.update(shopOrder).set({ number, status: "pagado", payBy: null }).where(eq(shopOrder.id, order.id));
  await tx.insert(orderEvent).values({ orderId: order.id, status: "pagado", at });
}
