import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { payment, refund } from "../db/schema.ts";
import type { PaymentProvider } from "../payments/payment-provider.ts";

type Deps = { db: Database; payments: PaymentProvider };

/**
 * What the provider is still owed an answer for: the step to ask for, and the status it leads to.
 * (Payments left `authorized` by the card-only checkout before decision 034 are not captured any
 * more: that checkout captured each one right after its order.)
 */
const steps = {
  /** A cancelled or returned order: what is left of the money goes back (refunds by line took the rest). */
  "refund-pending": {
    ask: async (p: PaymentProvider, row: Row, db: Database) => {
      const left = row.amountCents - (await refundedByLine(db, row.id));
      if (left > 0) await p.refund(row.reference, left, `refund-${row.id}`);
      return "refunded" as const;
    },
  },
  /**
   * An order cancelled before it was paid: its payment is cancelled at the provider; one that went
   * through meanwhile is given back.
   */
  "cancel-pending": {
    ask: async (p: PaymentProvider, row: Row) => {
      const state = await p.cancel(row.reference);
      if (state.status !== "succeeded") return "cancelled" as const;
      await p.refund(row.reference, row.amountCents, `refund-${row.id}`);
      return "refunded" as const;
    },
  },
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
      const to = await steps[from].ask(payments, row, db);
      await db
        .update(payment)
        .set({ status: to })
        .where(and(eq(payment.id, row.id), eq(payment.status, from)));
      result.settled++;
    } catch (error) {
      result.failed.push({ orderId: row.orderId, error });
    }
  }
  return result;
}

/** What refunds by line gave back, or are giving back, of a payment. */
async function refundedByLine(db: Database, paymentId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${refund.amountCents}), 0)::int` })
    .from(refund)
    .where(eq(refund.paymentId, paymentId));
  return row?.cents ?? 0;
}

/**
 * Refunds by line the provider has not paid back yet, each through the payment it gives back
 * (the method that paid), keyed by the refund so asking twice moves the money once.
 */
export async function settleLineRefunds({ db, payments }: Deps, orderId?: string): Promise<Settled> {
  const pending = await db
    .select({
      id: refund.id,
      orderId: refund.orderId,
      amountCents: refund.amountCents,
      reference: payment.reference,
    })
    .from(refund)
    .innerJoin(payment, eq(payment.id, refund.paymentId))
    .where(and(eq(refund.status, "pending"), orderId ? eq(refund.orderId, orderId) : undefined));
  const result: Settled = { settled: 0, failed: [] };
  for (const row of pending) {
    try {
      await payments.refund(row.reference, row.amountCents, `refund-${row.id}`);
      await db
        .update(refund)
        .set({ status: "refunded" })
        .where(and(eq(refund.id, row.id), eq(refund.status, "pending")));
      result.settled++;
    } catch (error) {
      result.failed.push({ orderId: row.orderId, error });
    }
  }
  return result;
}

const merged = (rounds: readonly Settled[]): Settled => ({
  settled: rounds.reduce((sum, round) => sum + round.settled, 0),
  failed: rounds.flatMap((round) => round.failed),
});

/** Gives back the money of a cancelled or returned order, or releases its unpaid payment. */
export async function refundPending(deps: Deps, orderId?: string): Promise<Settled> {
  // Refunds by line first: the whole order's refund gives back only what they left.
  return merged([
    await settleLineRefunds(deps, orderId),
    await settle(deps, "refund-pending", orderId),
    await settle(deps, "cancel-pending", orderId),
  ]);
}

/** Everything the provider still owes, as the periodic job asks for it. */
export async function settlePayments(deps: Deps): Promise<Settled> {
  const rounds = [await settleLineRefunds(deps)];
  for (const from of Object.keys(steps) as Pending[]) rounds.push(await settle(deps, from));
  return merged(rounds);
}
