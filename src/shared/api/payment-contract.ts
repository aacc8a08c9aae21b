import cardValidator from "card-validator";
import { z } from "zod";
import { textField } from "./text-fields.ts";

/**
 * How shoppers here pay (issue 27, decision 034): cards (with 3-D Secure, and Apple Pay / Google
 * Pay, which Stripe counts as cards), Bizum in Spain, MB WAY and Multibanco in Portugal.
 */
export const paymentMethodKinds = ["card", "bizum", "mb_way", "multibanco"] as const;
export type PaymentMethodKind = (typeof paymentMethodKinds)[number];

/** Why the last attempt to pay did not go through; each has its own message for the shopper. */
export const paymentFailures = [
  "card-declined",
  "processing-error",
  "authentication-failed",
  "refused",
] as const;
export type PaymentFailure = (typeof paymentFailures)[number];

/** A Multibanco reference: paid later at an ATM or in home banking, until it expires. */
export type MultibancoDetails = {
  entity: string;
  reference: string;
  amountCents: number;
  expiresAt: string;
  /** The provider's printable voucher, when it has one. */
  voucherUrl: string | null;
};

/** Where a payment stands at the provider, in the shapes of Stripe's PaymentIntent statuses. */
export const intentStatuses = [
  "requires_payment_method",
  "requires_action",
  "processing",
  "succeeded",
  "canceled",
] as const;
export type IntentStatus = (typeof intentStatuses)[number];

/**
 * `GET /api/orders/{id}/payment`: what the browser needs to pay an order awaiting payment, read
 * from the provider at that moment (the return from 3-D Secure or a bank's app asks it too).
 */
export type PaymentSessionView = {
  orderId: string;
  /** Whose UI collects the payment: Stripe's Payment Element, or the built-in test provider's. */
  provider: "stripe" | "test";
  /** Stripe.js's publishable key (pk_…); null for the built-in provider. */
  publishableKey: string | null;
  /** The intent's client secret, for the provider's UI in the browser; never logged or stored. */
  clientSecret: string;
  /** What this order may be paid with: by its delivery country and amount. */
  methods: PaymentMethodKind[];
  amountCents: number;
  status: IntentStatus;
  lastFailure: PaymentFailure | null;
  multibanco: MultibancoDetails | null;
  /** When the unpaid order expires and its products go back on sale. */
  expiresAt: string;
};

/**
 * The built-in test provider's card "tokens": the browser turns the test card typed into one of
 * these (as Stripe.js turns a card into a PaymentMethod), so no card number reaches the server.
 */
export const testCardTokens = [
  "tok_visa",
  "tok_mastercard",
  "tok_threeDSecure",
  "tok_chargeDeclined",
  "tok_insufficientFunds",
  "tok_processingError",
] as const;
export type TestCardToken = (typeof testCardTokens)[number];

/** The test cards as the shopper types them (digits only), and the token each stands for. */
export const TEST_CARDS: Readonly<Record<string, TestCardToken>> = {
  "4242424242424242": "tok_visa",
  "5555555555554444": "tok_mastercard",
  "4000002760003184": "tok_threeDSecure",
  "4000000000000002": "tok_chargeDeclined",
  "4000000000009995": "tok_insufficientFunds",
  "4000000000000119": "tok_processingError",
};

const clientSecret = z.string().min(10).max(200);
const returnUrl = z.url().max(2000);

/** `POST /api/payments/test/intents/{id}/confirm`: the built-in provider's confirmation. */
export const testConfirmSchema = z.discriminatedUnion("method", [
  z.object({
    method: z.literal("card"),
    clientSecret,
    returnUrl,
    token: z.enum(testCardTokens),
    last4: z.string().regex(/^\d{4}$/),
  }),
  z.object({
    method: z.enum(["bizum", "mb_way"]),
    clientSecret,
    returnUrl,
    phone: z.string().regex(/^\+?\d{9,15}$/, "phone-invalid"),
  }),
  z.object({ method: z.literal("multibanco"), clientSecret, returnUrl }),
]);
export type TestConfirmRequest = z.input<typeof testConfirmSchema>;

/** What the confirmation answers: done, refused, or a step the shopper takes elsewhere. */
export type TestConfirmAnswer = {
  status: IntentStatus;
  lastFailure: PaymentFailure | null;
  /** 3-D Secure, or "approve it in your app": the browser goes there, then comes back. */
  redirectUrl: string | null;
  multibanco: MultibancoDetails | null;
};

/**
 * The built-in provider's card form, checked in the browser only: what it sends on is a token and
 * the last four digits, never the number.
 */
export const testCardFormSchema = z.object({
  holder: textField(80, "card-holder-required").refine((value) => value.length >= 2, "card-holder-required"),
  number: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ""))
    .refine((value) => cardValidator.number(value).isValid, "card-number-invalid"),
  expiry: z.string().refine((value) => cardValidator.expirationDate(value).isValid, "card-expiry-invalid"),
  cvc: z.string().regex(/^\d{3,4}$/, "card-cvc-invalid"),
});
export type TestCardForm = z.input<typeof testCardFormSchema>;

/** The token a typed test card stands for; any other valid number is declined, as in test mode. */
export function testCardToken(digits: string): TestCardToken {
  return TEST_CARDS[digits] ?? "tok_chargeDeclined";
}
