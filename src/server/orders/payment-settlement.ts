import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { payment } from "../db/schema.ts";
import type { PaymentProvider } from "../payments/payment-provider.ts";

type Deps = { db: Database; payments: PaymentProvider };

/** What the provider is still owed an answer for: the step to ask for, and the status it leads to. */
const steps = {
  /** An order stored with its card authorized: the money is taken. */
  authorized: { to: "captured", ask: (p: PaymentProvider, row: Row) => p.capture(row.reference) },
  /** A cancelled or returned order: the money goes back. */
  "refund-pending": {
    to: "refunded",
    ask: (p: PaymentProvider, row: Row) => p.refund(row.reference, row.amountCents),
  },
  /** Cancelled before its capture went through: the hold on the card is released. */
  "cancel-pending": { to: "cancelled", ask: (p: PaymentProvider, row: Row) => p.cancel(row.reference) },
} as const;

type Row = typeof payment.$inferSelect;
type Pending = keyof typeof steps;
export type Settled = { settled: number; failed: { orderId: string; error: unknown }[] };

/**
 * Asks the provider for whatever the shop's records say it owes (issue 11): every status above is
 * written in the order's transaction first, and the provider is asked only after that commit.
 * A step that fails, or a process that dies before asking, leaves the status as it is for the next
 * round (`settlePayments`, at start-up and every minute). Captures, refunds and cancellations are
 * idempotent at the provider, so asking twice (a retry, a second process) is harmless; the status
 * moves on only from the one it was read in.
 */
async function settle(deps: Deps, from: Pending, orderId?: string): Promise<Settled> {
  const pending = await deps.db
    .select()
    .from(payment)
    .where(and(eq(payment.status, from), orderId ? eq(payment.orderId, orderId) : undefined));
  return settleRows(deps, from, pending);
}

async function settleRows({ db, payments }: Deps, from: Pending, pending: Row[]): Promise<Settled> {
  const result: Settled = { settled: 0, failed: [] };
  for (const row of pending) {
    try {
      await steps[from].ask(payments, row);
      const moved = await db
        .update(payment)
        .set({ status: steps[from].to })
        .where(and(eq(payment.id, row.id), eq(payment.status, from)))
        .returning({ id: payment.id });
      if (moved.length === 0 && from === "authorized") await refundCapturedAfterCancel({ db, payments }, row);
      result.settled++;
    } catch (error) {
      result.failed.push({ orderId: row.orderId, error });
    }
  }
  return result;
}

/**
 * The order was cancelled while its capture was under way: the cancel found the payment still
 * authorized and left the hold to be released (cancel-pending, or already cancelled by the job),
 * but the provider has taken the money. It is owed back like any captured payment of a cancelled
 * order (its credit note was issued with the cancel).
 */
async function refundCapturedAfterCancel(deps: Deps, row: Row): Promise<void> {
  const owed = await deps.db
    .update(payment)
    .set({ status: "refund-pending" })
    .where(and(eq(payment.id, row.id), inArray(payment.status, ["cancel-pending", "cancelled"])))
    .returning({ id: payment.id });
  if (owed.length > 0) await settle(deps, "refund-pending", row.orderId);
}

/** Captures the payment of a stored order (or of every one still only authorized). */
export function capturePending(deps: Deps, orderId?: string): Promise<Settled> {
  return settle(deps, "authorized", orderId);
}

/**
 * Captures a payment just stored as authorized, from its row as written (a checkout has it; no
 * need to look it up). Its status still moves on only from "authorized".
 */
export function captureStored(deps: Deps, stored: Row): Promise<Settled> {
  return settleRows(deps, "authorized", [stored]);
}

/** Gives back the money of a cancelled or returned order (or of every one still owed). */
export function refundPending(deps: Deps, orderId?: string): Promise<Settled> {
  return settle(deps, "refund-pending", orderId);
}

/** Everything the provider still owes, as the periodic job asks for it. */
export async function settlePayments(deps: Deps): Promise<Settled> {
  const rounds = [];
  for (const from of Object.keys(steps) as Pending[]) rounds.push(await settle(deps, from));
  return {
    settled: rounds.reduce((sum, round) => sum + round.settled, 0),
    failed: rounds.flatMap((round) => round.failed),
  };
}
