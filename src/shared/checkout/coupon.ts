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
  /** Only for a shopper who has no order yet (the welcome coupon). */
  firstOrderOnly: boolean;
  /** Paused from the back office (decision 052): refused until resumed; absent means running. */
  paused?: boolean;
};

/** Why a coupon does not apply, each with its own message for the shopper. */
export const couponRefusals = [
  "coupon-not-found",
  "coupon-not-started",
  "coupon-expired",
  "coupon-paused",
  "coupon-used-up",
  "coupon-already-used",
  "coupon-first-order-only",
  "coupon-min-subtotal",
  "coupon-not-applicable",
] as const;
export type CouponRefusal = (typeof couponRefusals)[number];

export type CouponLine = { category: string; totalCents: number };

export type CouponContext = {
  now: Date;
  lines: readonly CouponLine[];
  /** Orders that already used the coupon: in all, and by this shopper. */
  uses: { total: number; byUser: number };
  /** The shopper's orders so far (cancelled ones do not count). */
  ordersByUser: number;
};

export type CouponOutcome =
  | { ok: true; discountCents: number; freeShipping: boolean; eligible: readonly boolean[] }
  | { ok: false; refusal: CouponRefusal };

/**
 * Whether a coupon can be used by this shopper now, whatever the order: its dates, its limits and
 * the first-order rule. Null when it can; otherwise why not.
 */
export function couponUnavailable(
  coupon: CouponRules,
  { now, uses, ordersByUser }: Omit<CouponContext, "lines">,
): CouponRefusal | null {
  if (coupon.startsAt && now < coupon.startsAt) return "coupon-not-started";
  if (coupon.endsAt && now >= coupon.endsAt) return "coupon-expired";
  if (coupon.paused) return "coupon-paused";
  if (coupon.totalLimit !== null && uses.total >= coupon.totalLimit) return "coupon-used-up";
  if (coupon.perUserLimit !== null && uses.byUser >= coupon.perUserLimit) return "coupon-already-used";
  if (coupon.firstOrderOnly && ordersByUser > 0) return "coupon-first-order-only";
  return null;
}

/** Checks a coupon against an order and works out its discount on the goods. */
export function evaluateCoupon(coupon: CouponRules, context: CouponContext): CouponOutcome {
  const unavailable = couponUnavailable(coupon, context);
  if (unavailable) return { ok: false, refusal: unavailable };
  const { lines } = context;
  const subtotal = lines.reduce((sum, line) => sum + line.totalCents, 0);
  if (subtotal < coupon.minSubtotalCents) return { ok: false, refusal: "coupon-min-subtotal" };
  const eligible = lines.map(
    (line) => coupon.categories === null || coupon.categories.some((category) => category === line.category),
  );
  const eligibleCents = lines.reduce((sum, line, index) => sum + (eligible[index] ? line.totalCents : 0), 0);
  if (eligibleCents === 0) return { ok: false, refusal: "coupon-not-applicable" };
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
