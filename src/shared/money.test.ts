import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { languages, localeOf } from "./lang.ts";
import { centsFromTypedEuros, decimalPrice, formatPrice, typedEurosFromCents } from "./money.ts";

/** Amounts in cents, signed: the shop's (a price is at most 10⁶) and far beyond. */
const anyCents = fc.oneof(
  fc.integer({ min: -2_000_000, max: 2_000_000 }),
  fc.integer({ min: -1e13, max: 1e13 }),
);

describe("formatPrice", () => {
  it("writes euros the Spanish and Portuguese way", () => {
    expect(formatPrice(1295, "es")).toBe("12,95\u00a0€");
    expect(formatPrice(150, "pt")).toBe("1,50\u00a0€");
    expect(formatPrice(13395, "es")).toBe("133,95\u00a0€");
    expect(formatPrice(123450, "es")).toBe("1234,50\u00a0€");
    expect(formatPrice(1234567, "es")).toBe("12.345,67\u00a0€");
    expect(formatPrice(123456789, "pt")).toBe("1\u00a0234\u00a0567,89\u00a0€");
    expect(formatPrice(-705, "pt")).toBe("-7,05\u00a0€");
    expect(formatPrice(0, "es")).toBe("0,00\u00a0€");
  });

  it("writes every amount in cents exactly as Intl.NumberFormat does", () => {
    const intl = Object.fromEntries(
      languages.map((lang) => [
        lang,
        new Intl.NumberFormat(localeOf[lang], { style: "currency", currency: "EUR" }),
      ]),
    );
    fc.assert(
      fc.property(anyCents, fc.constantFrom(...languages), (cents, lang) => {
        expect(formatPrice(cents, lang)).toBe(intl[lang]?.format(cents / 100));
      }),
      { numRuns: 5000 },
    );
  });
});

describe("decimalPrice", () => {
  it("writes cents as a decimal number with two places, as toFixed(2) writes the euros", () => {
    expect(decimalPrice(150)).toBe("1.50");
    expect(decimalPrice(13395)).toBe("133.95");
    expect(decimalPrice(5)).toBe("0.05");
    fc.assert(
      fc.property(anyCents, (cents) => {
        expect(decimalPrice(cents)).toBe((cents / 100).toFixed(2));
      }),
      { numRuns: 5000 },
    );
  });
});

describe("typed euros", () => {
  it("reads what a person types, with a comma or a point, and nothing else", () => {
    expect(centsFromTypedEuros("12")).toBe(1200);
    expect(centsFromTypedEuros(" 12,5 ")).toBe(1250);
    expect(centsFromTypedEuros("12.05")).toBe(1205);
    expect(centsFromTypedEuros("0,99")).toBe(99);
    for (const bad of ["", "-1", "1,234", "1.2.3", "12€", "1e3", "12345678", ",5"]) {
      expect(centsFromTypedEuros(bad), bad).toBeUndefined();
    }
  });

  it("gives back, read again, the cents it was written from", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (cents) => {
        expect(centsFromTypedEuros(typedEurosFromCents(cents))).toBe(cents);
      }),
    );
  });
});
