import { describe, expect, it } from "vitest";
import { type CouponContext, type CouponRules, evaluateCoupon } from "./coupon.ts";

const base: CouponRules = {
  code: "MIAU10",
  kind: "percent",
  value: 10,
  minSubtotalCents: 0,
  startsAt: new Date("2026-11-01T00:00:00Z"),
  endsAt: new Date("2026-12-01T00:00:00Z"),
  totalLimit: 100,
  perUserLimit: 1,
  categories: null,
  firstOrderOnly: false,
};
const context: CouponContext = {
  now: new Date("2026-11-22T12:00:00Z"),
  lines: [
    { category: "Juguete", totalCents: 3000 },
    { category: "Escolar", totalCents: 1000 },
  ],
  uses: { total: 0, byUser: 0 },
  ordersByUser: 0,
};

describe("coupons", () => {
  it("takes a percentage of the goods", () => {
    expect(evaluateCoupon(base, context)).toMatchObject({
      ok: true,
      discountCents: 400,
      freeShipping: false,
    });
  });

  it("never takes more than the goods it applies to", () => {
    const fixed = { ...base, kind: "fixed", value: 5000 } as const;
    expect(evaluateCoupon(fixed, context)).toMatchObject({ ok: true, discountCents: 4000 });
    const toys = { ...fixed, categories: ["Juguete"] } as const;
    expect(evaluateCoupon(toys, context)).toMatchObject({
      ok: true,
      discountCents: 3000,
      eligible: [true, false],
    });
  });

  it("gives free shipping without touching the goods", () => {
    const free = { ...base, kind: "free-shipping", value: 0 } as const;
    expect(evaluateCoupon(free, context)).toMatchObject({ ok: true, discountCents: 0, freeShipping: true });
  });

  it.each([
    ["coupon-not-started", { ...context, now: new Date("2026-10-31T23:59:59Z") }, base],
    ["coupon-expired", { ...context, now: new Date("2026-12-01T00:00:00Z") }, base],
    ["coupon-used-up", { ...context, uses: { total: 100, byUser: 0 } }, base],
    ["coupon-already-used", { ...context, uses: { total: 1, byUser: 1 } }, base],
    ["coupon-min-subtotal", context, { ...base, minSubtotalCents: 4001 }],
    ["coupon-first-order-only", { ...context, ordersByUser: 1 }, { ...base, firstOrderOnly: true }],
    ["coupon-not-applicable", context, { ...base, categories: ["Moda"] as const }],
  ] as const)("refuses with %s", (refusal, when, coupon) => {
    expect(evaluateCoupon(coupon, when)).toEqual({ ok: false, refusal });
  });
});
