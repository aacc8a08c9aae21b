import { z } from "zod";
import { PROMOTIONS_API } from "./back-office-promotion-contract.ts";
import { listPageSchema } from "./list-query.ts";
import { orderStatuses } from "./order-contract.ts";

/**
 * A coupon's use (issue 32, "their use shown"): the orders placed with its code, newest first, a
 * page at a time, each with its number, its shopper's e-mail, when it was placed and what the
 * coupon took off. Every order ever placed with the code is listed, a cancelled or unpaid one too
 * (its status says so): the promotion's `uses` counts only the live ones, as the engine does.
 */

/** `GET /api/gestion/promotions/:code/orders?page=`. */
export const couponUsesQuerySchema = z.object({ page: listPageSchema });
export type CouponUsesQuery = z.output<typeof couponUsesQuerySchema>;

export const COUPON_USES_PAGE_SIZE = 20;

export const couponUseSchema = z.object({
  /** The order's number once paid (its back-office page); null while unpaid or expired unpaid. */
  number: z.string().nullable(),
  email: z.string(),
  placedAt: z.iso.datetime(),
  status: z.enum(orderStatuses),
  /** What the coupon took off the order, in cents. */
  discountCents: z.number().int().min(0),
});
export type CouponUse = z.infer<typeof couponUseSchema>;

export const couponUsesSchema = z.object({
  items: z.array(couponUseSchema),
  /** Every order placed with the code. */
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type CouponUses = z.infer<typeof couponUsesSchema>;

export const couponUsesApi = (code: string, page = 1) =>
  `${PROMOTIONS_API}/${encodeURIComponent(code)}/orders${page === 1 ? "" : `?page=${page}`}`;
