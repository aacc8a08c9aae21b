import { and, asc, eq, inArray } from "drizzle-orm";
import type { OrderStatus } from "#shared/api/order-contract.ts";
import { quoteRefund, remainingRequest } from "#shared/checkout/refunds.ts";
import { withinWithdrawal } from "#shared/checkout/returns.ts";
import type { CarrierId } from "#shared/tracking.ts";
import { recordAudit, type StaffActor } from "../audit/staff-audit.ts";
import type { Database, Transaction } from "../db/client.ts";
import { orderEvent, orderLine, payment, returnRequest, shopOrder } from "../db/schema.ts";
import type { PaymentProvider } from "../payments/payment-provider.ts";
import type { OrderMailQueue } from "./order-notifier.ts";
import { refundPending } from "./payment-settlement.ts";
import {
  type BackOnSale,
  giveBackUnits,
  issueCreditNote,
  putOnSale,
  readRefundable,
} from "./refund-records.ts";

export type LifecycleDeps = {
  db: Database;
  payments: PaymentProvider;
  mails: OrderMailQueue;
  now: () => Date;
};

type Step = "prepare" | "ship" | "deliver" | "cancel" | "request-return" | "receive-return";
/** The steps taken by name alone; shipping also needs its carrier and number (`shipOrder`). */
export type Transition = Exclude<Step, "ship">;

/** Who ships a parcel: one of the shop's carriers, and the parcel's number (issue 30). */
export type ShipmentInput = { carrier: CarrierId; trackingNumber: string };

/**
 * Who acted, for the staff audit (issue 30): a staff member in the back office; the note is
 * theirs, never shown to the buyer.
 */
export type AuditBy = { actor: StaffActor; note?: string };

export type StepOptions = {
  /** Limits the order to its buyer's; the back office passes none. */
  userId?: string;
  /** Written in the order's history, which the buyer sees. */
  note?: string;
  /** Recorded in the staff audit, in the step's own transaction. */
  audit?: AuditBy;
};

export type TransitionOutcome =
  | {
      ok: true;
      status: OrderStatus;
      changed: boolean;
      /** The carrier and number stored with the order, once it has them. */
      shipment: ShipmentStored | null;
    }
  | {
      ok: false;
      /** `shipped-otherwise`: shipping again, with another carrier or number than the order has. */
      error: "order-not-found" | "not-allowed" | "shipped-otherwise";
      status?: OrderStatus;
    };

type ShipmentStored = { carrier: string; trackingNumber: string };
type Rule = { from: readonly OrderStatus[]; to: OrderStatus; refunds: boolean };

/** Which status each step leads to, from where, and whether the money goes back. */
const rules: Record<Step, Rule> = {
  prepare: { from: ["pagado"], to: "preparando", refunds: false },
  ship: { from: ["pagado", "preparando"], to: "enviado", refunds: false },
  deliver: { from: ["enviado"], to: "entregado", refunds: false },
  cancel: { from: ["pendiente-pago", "pagado", "preparando"], to: "cancelado", refunds: true },
  "request-return": { from: ["entregado"], to: "devolucion-solicitada", refunds: false },
  "receive-return": { from: ["devolucion-solicitada"], to: "devuelto", refunds: true },
};

/**
 * Moves an order one step along its life, recording the step in its history (issue 11: money
 * after the lock). The order's row is locked first and the step checked under the lock, so of two
 * steps racing (the shopper's cancel, the back office's ship) exactly one happens. A step that gives
 * the money back (cancel, receive-return) puts the stock back, issues the credit note and marks the
 * payment refund-pending in the same transaction as the new status; the refund itself is asked of
 * the provider only after that commit, and one that fails stays pending, shown on the order, and
 * is tried again (`payment-settlement.ts`). The buyer's mail is queued in the same transaction. Asking for a step the order has already taken is answered as
 * done, so retries are harmless. `userId` limits the order to its buyer; the back office passes none.
 */
export function transitionOrder(
  deps: LifecycleDeps,
  orderId: string,
  transition: Transition,
  options: StepOptions = {},
): Promise<TransitionOutcome> {
  return moveOrder(deps, orderId, transition, options);
}

/**
 * Ships an order with its carrier and the parcel's number (issue 30), stored with the new status
 * in one transaction, so the buyer's mail and order page always carry the tracking link. Shipping
 * again with the same carrier and number is answered as done; with others it is refused (two
 * people shipping one order at once: the second hears the first's parcel is on its way).
 */
export function shipOrder(
  deps: LifecycleDeps,
  orderId: string,
  shipment: ShipmentInput,
  options: Omit<StepOptions, "userId"> = {},
): Promise<TransitionOutcome> {
  return moveOrder(deps, orderId, "ship", options, shipment);
}

async function moveOrder(
  { db, payments, mails, now }: LifecycleDeps,
  orderId: string,
  step: Step,
  options: StepOptions,
  shipment?: ShipmentInput,
): Promise<TransitionOutcome> {
  const rule = rules[step];
  const at = now();
  const outcome = await db.transaction(async (tx): Promise<TransitionOutcome> => {
    const [locked] = await tx
      .select({
        status: shopOrder.status,
        number: shopOrder.number,
        carrier: shopOrder.carrier,
        trackingNumber: shopOrder.trackingNumber,
      })
      .from(shopOrder)
      .where(
        and(eq(shopOrder.id, orderId), options.userId ? eq(shopOrder.userId, options.userId) : undefined),
      )
      .for("update");
    if (!locked) return { ok: false, error: "order-not-found" };
    const stored = storedShipment(locked);
    if (locked.status === rule.to) {
      if (shipment && !sameShipment(stored, shipment)) {
        return { ok: false, error: "shipped-otherwise", status: locked.status };
      }
      return { ok: true, status: rule.to, changed: false, shipment: stored };
    }
    if (!rule.from.includes(locked.status)) return { ok: false, error: "not-allowed", status: locked.status };
    if (step === "request-return" && !(await withinWithdrawalPeriod(tx, orderId, at))) {
      return { ok: false, error: "not-allowed", status: locked.status };
    }
    const creditNote = rule.refunds
      ? await settleRefund(tx, orderId, { at, reason: step === "cancel" ? "cancel" : "return" })
      : null;
    await tx
      .update(shopOrder)
      .set({ status: rule.to, payBy: null, ...(shipment ?? {}) })
      .where(eq(shopOrder.id, orderId));
    await tx.insert(orderEvent).values({ orderId, status: rule.to, note: options.note ?? "", at });
    // The whole order back or cancelled: no return request of some of its units waits any more.
    if (rule.refunds) await closeReturnRequests(tx, orderId, at);
    if (options.audit)
      await auditStep(tx, options.audit, { step, orderId, locked, rule, shipment, creditNote });
    await mails.queue(tx, orderId);
    return { ok: true, status: rule.to, changed: true, shipment: shipment ?? stored };
  });
  if (outcome.ok && outcome.changed && rule.refunds) await refundPending({ db, payments }, orderId);
  return outcome;
}

/** Closes the order's open return requests (decision 059), its units refunded by the whole. */
export async function closeReturnRequests(tx: Transaction, orderId: string, at: Date): Promise<void> {
  await tx
    .update(returnRequest)
    .set({ status: "received", receivedAt: at })
    .where(and(eq(returnRequest.orderId, orderId), eq(returnRequest.status, "open")));
}

type LockedOrder = {
  status: OrderStatus;
  number: string | null;
  carrier: string | null;
  trackingNumber: string | null;
};

/** The staff audit's entry of a step taken: the order as it was and as it is now (issue 30). */
async function auditStep(
  tx: Transaction,
  by: AuditBy,
  taken: {
    step: Step;
    orderId: string;
    locked: LockedOrder;
    rule: Rule;
    shipment: ShipmentInput | undefined;
    creditNote: string | null;
  },
): Promise<void> {
  const { step, orderId, locked, rule, shipment, creditNote } = taken;
  const parcel = step === "ship" ? { carrier: locked.carrier, trackingNumber: locked.trackingNumber } : {};
  await recordAudit(tx, by.actor, {
    action: `order.${step}`,
    subjectType: "order",
    subjectId: locked.number ?? orderId,
    before: { status: locked.status, ...parcel },
    after: { status: rule.to, ...(shipment ?? {}), ...(creditNote ? { creditNote } : {}) },
    note: by.note ?? "",
  });
}

function storedShipment({ carrier, trackingNumber }: LockedOrder): ShipmentStored | null {
  return carrier !== null && trackingNumber !== null ? { carrier, trackingNumber } : null;
}

function sameShipment(stored: ShipmentStored | null, asked: ShipmentInput): boolean {
  return stored?.carrier === asked.carrier && stored.trackingNumber === asked.trackingNumber;
}

/**
 * The return window runs from the day the order was delivered (its first delivery, should the
 * history ever hold two): day 14 is in time, day 15 is not (decision 059).
 */
export async function withinWithdrawalPeriod(
  db: Database | Transaction,
  orderId: string,
  now: Date,
): Promise<boolean> {
  const [delivered] = await db
    .select({ at: orderEvent.at })
    .from(orderEvent)
    .where(and(eq(orderEvent.orderId, orderId), eq(orderEvent.status, "entregado")))
    .orderBy(asc(orderEvent.at))
    .limit(1);
  return delivered !== undefined && withinWithdrawal(delivered.at, now);
}

/**
 * An order left unpaid past its time (or whose payment the provider cancelled), locked by the
 * caller: its stock goes back on sale and its payment is over (decision 034).
 */
export async function expireOrder(tx: Transaction, orderId: string, at: Date): Promise<void> {
  await restock(tx, orderId, { at, reason: "expiry" });
  await tx.update(shopOrder).set({ status: "caducado", payBy: null }).where(eq(shopOrder.id, orderId));
  await tx.insert(orderEvent).values({ orderId, status: "caducado", at });
  await tx
    .update(payment)
    .set({ status: "cancelled" })
    .where(and(eq(payment.orderId, orderId), eq(payment.status, "pending")));
}

/** The order's units back on the shelf. */
async function restock(tx: Transaction, orderId: string, why: BackOnSale): Promise<void> {
  const lines = await tx
    .select({ productId: orderLine.productId, quantity: orderLine.quantity })
    .from(orderLine)
    .where(eq(orderLine.orderId, orderId));
  await putOnSale(tx, orderId, lines, why);
}

/**
 * Stock back on the shelf for every unit not given back yet, a credit note for them (a paid order
 * has an invoice), and the payment's refund of what is left pending, or its release at the
 * provider when it was never paid. Answers the credit note's number, when one was issued.
 */
async function settleRefund(tx: Transaction, orderId: string, why: BackOnSale): Promise<string | null> {
  const owed = await readRefundable(tx, orderId);
  const rest = quoteRefund(owed, remainingRequest(owed));
  let creditNote: string | null = null;
  if (rest.ok) {
    const note = await issueCreditNote(tx, orderId, rest.quote, why.at);
    // Never paid, so never invoiced: its units go back on sale, and nothing was refunded.
    if (note) await giveBackUnits(tx, orderId, rest.quote.lines, true, why);
    else await restock(tx, orderId, why);
    creditNote = note?.number ?? null;
  }
  // Locked first: a capture committing between the two updates below would be missed by both,
  // leaving the money taken for a cancelled order with nothing owed back.
  await tx.select({ id: payment.id }).from(payment).where(eq(payment.orderId, orderId)).for("update");
  await tx
    .update(payment)
    .set({ status: "refund-pending" })
    .where(and(eq(payment.orderId, orderId), eq(payment.status, "captured")));
  // Never paid: the payment is cancelled at the provider instead (`payment-settlement.ts`).
  await tx
    .update(payment)
    .set({ status: "cancel-pending" })
    .where(and(eq(payment.orderId, orderId), inArray(payment.status, ["pending", "authorized"])));
  return creditNote;
}
