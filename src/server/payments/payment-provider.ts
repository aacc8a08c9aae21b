import type {
  IntentStatus,
  MultibancoDetails,
  PaymentFailure,
  PaymentMethodKind,
} from "#shared/api/payment-contract.ts";

/**
 * A payment as the provider holds it (a Stripe PaymentIntent, or the built-in provider's own),
 * read into the few facts the shop acts on. Every event and every return is one of these, checked
 * against the order before anything changes (`payments/apply-intent.ts`).
 */
export type IntentState = {
  reference: string;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  /** The order the shop created it for (its metadata), as the provider gives it back. */
  orderId: string | null;
  method: PaymentMethodKind | null;
  cardLast4: string;
  lastFailure: PaymentFailure | null;
  multibanco: MultibancoDetails | null;
};

export type NewIntent = {
  orderId: string;
  amountCents: number;
  methods: PaymentMethodKind[];
  /** Made by the server from the order (never from the browser): one intent per order. */
  idempotencyKey: string;
  description: string;
};

/**
 * How the shop takes money (decision 034): the server only creates, reads, cancels and refunds
 * payments; the shopper pays in the provider's own UI in the browser, and the provider tells the
 * shop what happened (Stripe's signed webhook; the built-in provider in-process).
 */
export interface PaymentProvider {
  /** Stored with each payment: "stripe", or "test-card" for the built-in provider. */
  readonly name: string;
  /** Which UI the browser loads, and Stripe.js's publishable key. */
  readonly browser: { kind: "stripe" | "test"; publishableKey: string | null };
  createIntent(intent: NewIntent): Promise<{ reference: string }>;
  /** The intent as it is now, with the client secret the browser's UI needs. */
  readIntent(reference: string): Promise<IntentState & { clientSecret: string }>;
  /**
   * Cancels an unpaid intent. Answers the intent as it is afterwards: "succeeded" when the money
   * came in first (the order is then paid, not cancelled).
   */
  cancel(reference: string): Promise<IntentState>;
  /** Gives paid money back; the same key refunding again does nothing. */
  refund(reference: string, amountCents: number, idempotencyKey: string): Promise<void>;
}

/** What the shop does with a provider's news; given to the built-in provider and the webhook. */
export type IntentListener = (state: IntentState) => Promise<void>;
