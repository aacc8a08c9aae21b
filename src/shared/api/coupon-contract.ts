import type { TopCategory } from "#catalog/categories.ts";
import type { CouponKind } from "../checkout/coupon.ts";

/** A coupon the shopper can use now, with the conditions /cupones shows. */
export type CouponView = {
  code: string;
  kind: CouponKind;
  /** Percent for "percent", cents for "fixed". */
  value: number;
  minSubtotalCents: number;
  endsAt: string | null;
  categories: TopCategory[] | null;
  firstOrderOnly: boolean;
};
