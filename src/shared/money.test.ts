import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { languages, localeOf } from "./lang.ts";
import { formatPrice } from "./money.ts";

describe("formatPrice", () => {
  it("writes euros the Spanish and Portuguese way", () => {
    expect(formatPrice(12.95, "es")).toBe("12,95\u00a0€");
    expect(formatPrice(1.5, "pt")).toBe("1,50\u00a0€");
    expect(formatPrice(133.95, "es")).toBe("133,95\u00a0€");
    expect(formatPrice(1234.5, "es")).toBe("1234,50\u00a0€");
    expect(formatPrice(12345.67, "es")).toBe("12.345,67\u00a0€");
    expect(formatPrice(1234567.89, "pt")).toBe("1\u00a0234\u00a0567,89\u00a0€");
    expect(formatPrice(-7.05, "pt")).toBe("-7,05\u00a0€");
  });

  it("writes every amount in cents exactly as Intl.NumberFormat does", () => {
    const intl = Object.fromEntries(
      languages.map((lang) => [
        lang,
        new Intl.NumberFormat(localeOf[lang], { style: "currency", currency: "EUR" }),
      ]),
    );
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -2_000_000, max: 2_000_000 }), fc.integer({ min: -1e13, max: 1e13 })),
        fc.constantFrom(...languages),
        (cents, lang) => {
          const euros = cents / 100;
          expect(formatPrice(euros, lang)).toBe(intl[lang]?.format(euros));
        },
      ),
      { numRuns: 5000 },
    );
  });
});
