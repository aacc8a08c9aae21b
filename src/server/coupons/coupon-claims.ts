import { and, count, eq, lt, ne, type SQL } from "drizzle-orm";
import type { CouponRefusal } from "#shared/checkout/coupon.ts";
import type { Transaction } from "../db/client.ts";
import { coupon, shopOrder } from "../db/schema.ts";
import { type CouponShopper, liveOrder, placedBy } from "./coupon-repository.ts";

/** Why an order cannot join an account: its coupon's once-per-shopper or first-order rule. */
export type ClaimRefusal = Extract<CouponRefusal, "coupon-already-used" | "coupon-first-order-only">;

export type ClaimedOrder = { id: string; couponCode: string | null; status: string; placedAt: Date };

/**
 * Whether a guest's order may be kept in an account without the account ending up with more uses
 * of the order's coupon than it allows (issue 28: never two welcome discounts for one shopper).
 * The account counts as at checkout: its own orders and those sent to its e-mail. A first-order
 * coupon also needs the order to be the account's first. Run in the claim's transaction after the
 * account's row lock: the coupon's row lock then queues it with the checkouts using the coupon.
 */
export async function claimRefusal(
  tx: Transaction,
  order: ClaimedOrder,
  account: CouponShopper,
): Promise<ClaimRefusal | null> {
  // A cancelled or expired order holds no coupon (`couponUsage`).
  if (order.couponCode === null || order.status === "cancelado" || order.status === "caducado") return null;
  const [rules] = await tx
    .select({ perUserLimit: coupon.perUserLimit, firstOrderOnly: coupon.firstOrderOnly })
    .from(coupon)
    .where(eq(coupon.code, order.couponCode))
    .for("update");
  if (!rules) return null;
  const others = and(liveOrder, placedBy(account), ne(shopOrder.id, order.id));
  const countOrders = async (condition: SQL | undefined) =>
    (await tx.select({ total: count() }).from(shopOrder).where(condition))[0]?.total ?? 0;
  if (rules.perUserLimit !== null) {
    const used = await countOrders(and(others, eq(shopOrder.couponCode, order.couponCode)));
    if (used >= rules.perUserLimit) return "coupon-already-used";
  }
  const earlier = and(others, lt(shopOrder.placedAt, order.placedAt));
  if (rules.firstOrderOnly && (await countOrders(earlier)) > 0) {
    return "coupon-first-order-only";
  }
  return null;
}
