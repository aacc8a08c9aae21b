import type { TopCategory } from "#catalog/categories.ts";

export const couponKinds = ["percent", "fixed", "free-shipping"] as const;
export type CouponKind = (typeof couponKinds)[number];

/** A coupon's rules, as the coupon table keeps them. */
export type CouponRules = {
  code: string;
  kind: CouponKind;
  /** Percent (1–100) for "percent", cents for "fixed", unused for "free-shipping". */
  value: number;
  minSubtotalCents: number;
  startsAt: Date | null;
  endsAt: Date | null;
  totalLimit: number | null;
  perUserLimit: number | null;
  /** Only lines of these categories count; null for the whole order. */
  categories: readonly TopCategory[] | null;
};

/** Why a coupon does not apply, each with its own message for the shopper. */
export const couponRefusals = [
  "coupon-not-found",
  "coupon-not-started",
  "coupon-expired",
  "coupon-used-up",
  "coupon-already-used",
  "coupon-min-subtotal",
  "coupon-not-applicable",
] as const;
export type CouponRefusal = (typeof couponRefusals)[number];

export type CouponLine = { category: TopCategory; totalCents: number };

export type CouponContext = {
  now: Date;
  lines: readonly CouponLine[];
  /** Orders that already used the coupon: in all, and by this shopper. */
  uses: { total: number; byUser: number };
};

export type CouponOutcome =
  | { ok: true; discountCents: number; freeShipping: boolean; eligible: readonly boolean[] }
  | { ok: false; refusal: CouponRefusal };

/** Checks a coupon against an order and works out its discount on the goods. */
export function evaluateCoupon(coupon: CouponRules, { now, lines, uses }: CouponContext): CouponOutcome {
  const refuse = (refusal: CouponRefusal): CouponOutcome => ({ ok: false, refusal });
  if (coupon.startsAt && now < coupon.startsAt) return refuse("coupon-not-started");
  if (coupon.endsAt && now >= coupon.endsAt) return refuse("coupon-expired");
  if (coupon.totalLimit !== null && uses.total >= coupon.totalLimit) return refuse("coupon-used-up");
  if (coupon.perUserLimit !== null && uses.byUser >= coupon.perUserLimit)
    return refuse("coupon-already-used");
  const subtotal = lines.reduce((sum, line) => sum + line.totalCents, 0);
  if (subtotal < coupon.minSubtotalCents) return refuse("coupon-min-subtotal");
  const eligible = lines.map(
    (line) => coupon.categories === null || coupon.categories.includes(line.category),
  );
  const eligibleCents = lines.reduce((sum, line, index) => sum + (eligible[index] ? line.totalCents : 0), 0);
  if (eligibleCents === 0) return refuse("coupon-not-applicable");
  const discountCents = discountOn(coupon, eligibleCents);
  return { ok: true, discountCents, freeShipping: coupon.kind === "free-shipping", eligible };
}

function discountOn(coupon: CouponRules, eligibleCents: number): number {
  switch (coupon.kind) {
    case "percent":
      return Math.round((eligibleCents * Math.min(Math.max(coupon.value, 0), 100)) / 100);
    case "fixed":
      return Math.min(Math.max(coupon.value, 0), eligibleCents);
    case "free-shipping":
      return 0;
  }
}
