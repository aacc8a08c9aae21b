import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPrice } from "#shared/money.ts";
import { centsFromEuros, hasWholeCents, roundedToCent } from "./euros.ts";
import { PRICE_LIMIT } from "./product-schema.ts";

/** Prices in cents up to twice the highest the shop takes (PRICE_LIMIT, decision 030), signed. */
const priceCents = fc.integer({ min: -2 * PRICE_LIMIT * 100, max: 2 * PRICE_LIMIT * 100 });

describe("euros and cents", () => {
  it("turns a catalogue price into the cents it names, and writes those back", () => {
    expect(centsFromEuros(133.95)).toBe(13395);
    expect(centsFromEuros(1.5)).toBe(150);
    expect(centsFromEuros(0.1)).toBe(10);
    fc.assert(
      fc.property(priceCents, (cents) => {
        const euros = cents / 100;
        expect(centsFromEuros(euros)).toBe(cents);
        expect(hasWholeCents(euros)).toBe(true);
        expect(roundedToCent(euros)).toBe(euros);
      }),
      { numRuns: 5000 },
    );
  });

  it("rounds a price of more than two decimals to the nearest cent, as the cart always added it", () => {
    expect(hasWholeCents(12.955)).toBe(false);
    expect(centsFromEuros(12.954)).toBe(1295);
    expect(roundedToCent(12.999)).toBe(13);
    fc.assert(
      fc.property(fc.double({ min: 0, max: PRICE_LIMIT, noNaN: true }), (euros) => {
        const cents = centsFromEuros(euros);
        expect(Number.isInteger(cents)).toBe(true);
        expect(Math.abs(cents - euros * 100)).toBeLessThanOrEqual(0.5);
        // What the shop showed when it carried euros: the same text.
        expect(formatPrice(cents, "es")).toBe(
          new Intl.NumberFormat("es-ES", { style: "currency", currency: "EUR" }).format(cents / 100),
        );
      }),
    );
  });

  it("adds cents exactly where euros would not: 0.1 + 0.2", () => {
    expect(centsFromEuros(0.1) + centsFromEuros(0.2)).toBe(centsFromEuros(0.3));
    expect(formatPrice(centsFromEuros(0.1) * 3, "es")).toBe("0,30\u00a0€");
  });
});
