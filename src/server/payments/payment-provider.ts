/** Why a card payment did not go through; each has its own message for the shopper. */
export const paymentDeclines = ["card-declined", "insufficient-funds", "processing-error"] as const;
export type PaymentDecline = (typeof paymentDeclines)[number];

/**
 * What the shopper is told: one answer for every refusal they would act on alike (try another
 * card), so that a script testing stolen cards learns nothing more than "refused" (issue 11). A
 * processing error is different: the same card may go through in a moment.
 */
export function shopperDecline(decline: PaymentDecline): "card-declined" | "processing-error" {
  return decline === "processing-error" ? "processing-error" : "card-declined";
}

export type CardDetails = { holder: string; number: string; expiry: string; cvc: string };

export type PaymentRequest = {
  amountCents: number;
  card: CardDetails;
  /** Shown on the provider's side, e.g. the order's idempotency key. */
  description: string;
  idempotencyKey: string;
};

export type Authorization =
  | { ok: true; reference: string; cardLast4: string }
  | { ok: false; decline: PaymentDecline };

/**
 * How the shop takes money: authorize (hold the amount), then capture it once the order is
 * stored, or cancel the hold when it could not be. Refunds give captured money back.
 */
export interface PaymentProvider {
  readonly name: string;
  authorize(request: PaymentRequest): Promise<Authorization>;
  capture(reference: string): Promise<void>;
  cancel(reference: string): Promise<void>;
  /** Gives captured money back; refunding the same payment again does nothing. */
  refund(reference: string, amountCents: number): Promise<void>;
}
