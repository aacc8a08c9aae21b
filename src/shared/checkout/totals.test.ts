import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { topCategories } from "#catalog/categories.ts";
import { type CouponRules, evaluateCoupon } from "./coupon.ts";
import { shippingMethods } from "./shipping.ts";
import { allocate, type OrderLineInput, orderTotals, priceLines } from "./totals.ts";
import { vatClasses } from "./vat.ts";
import { shippingZones } from "./zones.ts";

const toy: OrderLineInput = {
  productId: 1,
  quantity: 2,
  catalogueCents: 1210,
  vatClass: "general",
  category: "Juguete",
};
const book: OrderLineInput = {
  productId: 36,
  quantity: 1,
  catalogueCents: 1040,
  vatClass: "reduced",
  category: "Escolar",
};

describe("order totals", () => {
  it("adds goods and shipping and shows the VAT they include, by rate", () => {
    const totals = orderTotals(priceLines([toy, book], "es-peninsula"), "es-peninsula", "standard");
    expect(totals).toMatchObject({
      subtotalCents: 3460,
      discountCents: 0,
      shippingCents: 495,
      totalCents: 3955,
    });
    // 24.20 € of toys + 4.95 € shipping at 21 %, 10.40 € of books at 4 %.
    expect(totals.vat).toEqual([
      { ratePercent: 21, baseCents: 2409, vatCents: 506 },
      { ratePercent: 4, baseCents: 1000, vatCents: 40 },
    ]);
  });

  it("uses the destination's rates, and charges none in the Canary Islands", () => {
    const azores = orderTotals(priceLines([toy], "pt-azores"), "pt-azores", "express");
    expect(azores.totalCents).toBe(2420 + 1695);
    expect(azores.vat).toEqual([{ ratePercent: 16, baseCents: 3547, vatCents: 568 }]);
    const canary = orderTotals(priceLines([toy], "es-canary"), "es-canary", "standard");
    expect(canary.subtotalCents).toBe(2000);
    expect(canary.vat).toEqual([]);
  });

  it("takes the discount off the lines it applies to, before the free-shipping threshold", () => {
    const lines = priceLines([{ ...toy, quantity: 5 }, book], "es-peninsula");
    const coupon: CouponRules = {
      code: "JUGUETES20",
      kind: "percent",
      value: 20,
      minSubtotalCents: 0,
      startsAt: null,
      endsAt: null,
      totalLimit: null,
      perUserLimit: null,
      categories: ["Juguete"],
      firstOrderOnly: false,
    };
    const outcome = evaluateCoupon(coupon, {
      now: new Date(),
      lines,
      uses: { total: 0, byUser: 0 },
      ordersByUser: 0,
    });
    if (!outcome.ok) throw new Error(outcome.refusal);
    const totals = orderTotals(lines, "es-peninsula", "standard", outcome);
    // 60.50 € of toys − 12.10 € = 48.40 €, + 10.40 € of books = 58.80 €: free shipping.
    expect(totals).toMatchObject({
      subtotalCents: 7090,
      discountCents: 1210,
      shippingCents: 0,
      totalCents: 5880,
    });
    expect(totals.vat.find((line) => line.ratePercent === 4)).toEqual({
      ratePercent: 4,
      baseCents: 1000,
      vatCents: 40,
    });
  });

  const lineArbitrary = fc.record({
    productId: fc.integer({ min: 1, max: 300 }),
    quantity: fc.integer({ min: 1, max: 20 }),
    catalogueCents: fc.integer({ min: 150, max: 13395 }),
    vatClass: fc.constantFrom(...vatClasses),
    category: fc.constantFrom(...topCategories),
  });
  const couponArbitrary = fc.record({
    code: fc.constant("ANY"),
    kind: fc.constantFrom("percent", "fixed", "free-shipping") as fc.Arbitrary<CouponRules["kind"]>,
    value: fc.integer({ min: 0, max: 20000 }),
    minSubtotalCents: fc.constant(0),
    startsAt: fc.constant(null),
    endsAt: fc.constant(null),
    totalLimit: fc.constant(null),
    perUserLimit: fc.constant(null),
    categories: fc.option(fc.subarray([...topCategories], { minLength: 1 }), { nil: null }),
    firstOrderOnly: fc.constant(false),
  });

  it("is never negative, never discounts more than the goods, and its VAT lines add up to the total", () => {
    fc.assert(
      fc.property(
        fc.array(lineArbitrary, { minLength: 1, maxLength: 8 }),
        fc.constantFrom(...shippingZones),
        fc.constantFrom(...shippingMethods),
        couponArbitrary,
        (inputs, zone, method, coupon) => {
          const lines = priceLines(inputs, zone);
          const outcome = evaluateCoupon(coupon, {
            now: new Date(),
            lines,
            uses: { total: 0, byUser: 0 },
            ordersByUser: 0,
          });
          const totals = orderTotals(lines, zone, method, outcome.ok ? outcome : undefined);
          expect(totals.totalCents).toBeGreaterThanOrEqual(0);
          expect(totals.discountCents).toBeGreaterThanOrEqual(0);
          expect(totals.discountCents).toBeLessThanOrEqual(totals.subtotalCents);
          expect(totals.totalCents).toBe(totals.subtotalCents - totals.discountCents + totals.shippingCents);
          const taxed = totals.vat.reduce((sum, line) => sum + line.baseCents + line.vatCents, 0);
          expect(taxed).toBe(totals.vat.length === 0 ? 0 : totals.totalCents);
        },
      ),
    );
  });

  it("splits an amount in whole cents that add up", () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100000 }),
        fc.array(fc.integer({ min: 0, max: 50000 })),
        (amount, weights) => {
          const shares = allocate(amount, weights);
          const expected = weights.some((weight) => weight > 0) ? amount : 0;
          expect(shares.reduce((sum, share) => sum + share, 0)).toBe(expected);
        },
      ),
    );
  });
});
