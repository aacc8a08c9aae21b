import { randomUUID } from "node:crypto";
import type { Authorization, PaymentDecline, PaymentProvider, PaymentRequest } from "./payment-provider.ts";

/**
 * The built-in provider: a card processor's test mode, with no network and no real money.
 * These numbers (any future expiry, any CVC) decide the outcome; any other number is declined.
 */
export const TEST_CARDS: Readonly<Record<string, "approved" | PaymentDecline>> = {
  "4242424242424242": "approved",
  "5555555555554444": "approved",
  "4000000000000002": "card-declined",
  "4000000000009995": "insufficient-funds",
  "4000000000000119": "processing-error",
};

type Hold = { amountCents: number; state: "authorized" | "captured" | "cancelled" | "refunded" };

/** The name the built-in provider stores with each payment: nothing was charged for those. */
export const TEST_CARD_PROVIDER = "test-card";

export function createTestCardProvider(): PaymentProvider {
  const holds = new Map<string, Hold>();
  const hold = (reference: string): Hold => {
    const found = holds.get(reference);
    if (!found) throw new Error(`Unknown payment ${reference}`);
    return found;
  };
  return {
    name: TEST_CARD_PROVIDER,
    async authorize({ amountCents, card }: PaymentRequest): Promise<Authorization> {
      const outcome = TEST_CARDS[card.number] ?? "card-declined";
      if (outcome !== "approved") return { ok: false, decline: outcome };
      const reference = `test_${randomUUID()}`;
      holds.set(reference, { amountCents, state: "authorized" });
      return { ok: true, reference, cardLast4: card.number.slice(-4) };
    },
    async capture(reference) {
      const found = hold(reference);
      if (found.state !== "authorized") throw new Error(`Payment ${reference} is ${found.state}`);
      found.state = "captured";
    },
    async cancel(reference) {
      const found = hold(reference);
      if (found.state === "authorized") found.state = "cancelled";
    },
    async refund(reference, amountCents) {
      // After a restart the hold is gone from memory: a refund of a stored capture still succeeds.
      const found = holds.get(reference) ?? { amountCents, state: "captured" };
      if (found.state === "refunded") return;
      if (found.state !== "captured") throw new Error(`Payment ${reference} is ${found.state}`);
      if (amountCents > found.amountCents) throw new Error("Refund larger than the payment");
      found.state = "refunded";
      holds.set(reference, found);
    },
  };
}
