import { randomBytes, randomInt } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type {
  IntentStatus,
  PaymentFailure,
  TestCardToken,
  TestConfirmRequest,
} from "#shared/api/payment-contract.ts";
import type { Database } from "../db/client.ts";
import { testPaymentIntent } from "../db/schema.ts";
import type { IntentState, PaymentProvider } from "./payment-provider.ts";

/** The name the built-in provider stores with each payment: nothing was charged for those. */
export const TEST_CARD_PROVIDER = "test-card";

/** The statuses a payment still waits in: it may be confirmed, acted on or cancelled. */
const WAITING: readonly IntentStatus[] = ["requires_payment_method", "requires_action"];

/** How long a test Multibanco reference can be paid, as Stripe's vouchers (days). */
const MULTIBANCO_DAYS = 3;

type Row = typeof testPaymentIntent.$inferSelect;
type Change = Partial<Omit<Row, "id">>;

/** What each test card token does, as Stripe's test cards do. */
const cardOutcomes: Record<TestCardToken, Change> = {
  tok_visa: { status: "succeeded" },
  tok_mastercard: { status: "succeeded" },
  tok_threeDSecure: { status: "requires_action", pendingAction: "three-d-secure" },
  tok_chargeDeclined: { status: "requires_payment_method", lastFailure: "card-declined" },
  tok_insufficientFunds: { status: "requires_payment_method", lastFailure: "card-declined" },
  tok_processingError: { status: "requires_payment_method", lastFailure: "processing-error" },
};

/** The shopper's answer on the provider's page (3-D Secure, or the bank's app). */
export type TestDecision = "approve" | "refuse" | "time-out";

export type TestConfirmOutcome = IntentState & { redirect: boolean };

export type TestRefusal = "intent-not-found" | "intent-unexpected-state" | "method-not-offered";

/** The provider refused the step, as Stripe answers 400 or 404. */
export class TestPaymentRefused extends Error {
  readonly code: TestRefusal;
  constructor(code: TestRefusal) {
    super(code);
    this.code = code;
  }
}

/**
 * The built-in provider (decision 034): Stripe's test mode in shape, with no network and no money.
 * Its payments live in the database, so every server process sees the same ones. The browser
 * confirms with a token (never a card number), 3-D Secure and Bizum or MB WAY ask the shopper on a
 * page of their own, and a Multibanco reference is paid later by the operator's command.
 */
export function createTestProvider(db: Database) {
  async function row(id: string): Promise<Row> {
    const [found] = await db.select().from(testPaymentIntent).where(eq(testPaymentIntent.id, id));
    if (!found) throw new TestPaymentRefused("intent-not-found");
    return found;
  }
  /**
   * Moves a payment on only from a status it may leave, in one statement, as Stripe's own state
   * machine does: of a confirmation and a cancellation racing, exactly one wins.
   */
  async function change(id: string, values: Change, from: readonly IntentStatus[] = WAITING): Promise<Row> {
    const [changed] = await db
      .update(testPaymentIntent)
      .set(values)
      .where(and(eq(testPaymentIntent.id, id), inArray(testPaymentIntent.status, [...from])))
      .returning();
    if (!changed) throw new TestPaymentRefused("intent-unexpected-state");
    return changed;
  }
  const waiting = (found: Row) => WAITING.includes(found.status);

  const provider = {
    name: TEST_CARD_PROVIDER,
    browser: { kind: "test", publishableKey: null },
    async createIntent({ orderId, amountCents, methods, idempotencyKey }) {
      const id = `tpi_${randomBytes(12).toString("hex")}`;
      const [created] = await db
        .insert(testPaymentIntent)
        .values({
          id,
          clientSecret: `${id}_secret_${randomBytes(16).toString("hex")}`,
          idempotencyKey,
          orderId,
          amountCents,
          methods,
          status: "requires_payment_method",
        })
        .onConflictDoUpdate({ target: testPaymentIntent.idempotencyKey, set: { idempotencyKey } })
        .returning({ id: testPaymentIntent.id });
      return { reference: created?.id ?? id };
    },
    async readIntent(reference) {
      const found = await row(reference);
      return { ...stateOf(found), clientSecret: found.clientSecret };
    },
    async cancel(reference) {
      const cancelled = await change(reference, { status: "canceled", pendingAction: null }).catch(
        (error: unknown) => {
          if (error instanceof TestPaymentRefused) return null;
          throw error;
        },
      );
      // Already paid or cancelled: the payment as it is.
      return stateOf(cancelled ?? (await row(reference)));
    },
    async refund(reference, amountCents, idempotencyKey) {
      const [found] = await db
        .select({ keys: testPaymentIntent.refundKeys })
        .from(testPaymentIntent)
        .where(eq(testPaymentIntent.id, reference));
      if (found?.keys.includes(idempotencyKey)) return;
      const [refunded] = await db
        .update(testPaymentIntent)
        .set({
          refundedCents: sql`${testPaymentIntent.refundedCents} + ${amountCents}`,
          refundKeys: sql`array_append(${testPaymentIntent.refundKeys}, ${idempotencyKey}::text)`,
        })
        .where(
          sql`${testPaymentIntent.id} = ${reference} and ${testPaymentIntent.status} = 'succeeded'
            and ${testPaymentIntent.refundedCents} + ${amountCents} <= ${testPaymentIntent.amountCents}
            and not (${idempotencyKey}::text = any(${testPaymentIntent.refundKeys}))`,
        )
        .returning({ id: testPaymentIntent.id });
      if (!refunded) throw new Error(`Test payment ${reference} cannot refund ${amountCents} cents`);
    },
  } satisfies PaymentProvider;

  return {
    ...provider,
    /** The browser's confirmation, with its client secret: the provider's own API. */
    async confirm(id: string, request: TestConfirmRequest, returnPath: string): Promise<TestConfirmOutcome> {
      const found = await row(id);
      if (found.clientSecret !== request.clientSecret) throw new TestPaymentRefused("intent-not-found");
      if (!waiting(found)) throw new TestPaymentRefused("intent-unexpected-state");
      if (!found.methods.includes(request.method)) throw new TestPaymentRefused("method-not-offered");
      const outcome = confirmation(request, found);
      const changed = await change(id, {
        method: request.method,
        cardLast4: request.method === "card" ? request.last4 : "",
        lastFailure: null,
        multibanco: null,
        pendingAction: null,
        returnUrl: returnPath,
        ...outcome,
      });
      return { ...stateOf(changed), redirect: changed.pendingAction !== null };
    },
    /** The step asked on the provider's page; answers where the shopper goes back to. */
    async decide(id: string, clientSecret: string, decision: TestDecision) {
      const found = await row(id);
      if (found.clientSecret !== clientSecret || !found.pendingAction) {
        throw new TestPaymentRefused("intent-unexpected-state");
      }
      const refused: PaymentFailure =
        found.pendingAction === "three-d-secure" ? "authentication-failed" : "refused";
      const changed = await change(
        id,
        decision === "approve"
          ? { status: "succeeded", pendingAction: null }
          : { status: "requires_payment_method", pendingAction: null, lastFailure: refused },
        ["requires_action"],
      );
      return { state: stateOf(changed), returnPath: changed.returnUrl ?? "/" };
    },
    /** A page of the provider's: what it asks and of which payment, while it is waiting. */
    async pendingStep(id: string, clientSecret: string) {
      const found = await row(id).catch(() => null);
      if (!found || found.clientSecret !== clientSecret || !found.pendingAction) return null;
      return { action: found.pendingAction, method: found.method, amountCents: found.amountCents };
    },
    /** A Multibanco reference paid at an ATM (the operator's command, or a test). */
    async payMultibanco(reference: string): Promise<IntentState | null> {
      const [found] = await db
        .select()
        .from(testPaymentIntent)
        .where(sql`${testPaymentIntent.multibanco}->>'reference' = ${reference}`);
      if (!found) return null;
      const paid = await change(found.id, { status: "succeeded" }, ["requires_action"]).catch(() => null);
      return paid && stateOf(paid);
    },
  };
}

export type TestProvider = ReturnType<typeof createTestProvider>;

function confirmation(request: TestConfirmRequest, found: Row): Change {
  if (request.method === "card") return cardOutcomes[request.token];
  if (request.method === "multibanco") {
    const expiresAt = new Date(Date.now() + MULTIBANCO_DAYS * 24 * 60 * 60_000).toISOString();
    const reference = String(randomInt(100_000_000, 1_000_000_000));
    return {
      status: "requires_action",
      multibanco: { entity: "11249", reference, amountCents: found.amountCents, expiresAt, voucherUrl: null },
    };
  }
  return { status: "requires_action", pendingAction: "phone" };
}

function stateOf(found: Row): IntentState {
  return {
    reference: found.id,
    status: found.status,
    amountCents: found.amountCents,
    currency: found.currency,
    orderId: found.orderId,
    method: found.method,
    cardLast4: found.cardLast4,
    lastFailure: found.lastFailure,
    multibanco: found.multibanco,
  };
}
