import { and, count, eq, isNull, notInArray, or } from "drizzle-orm";
import type { CouponRules } from "#shared/checkout/coupon.ts";
import type { Database } from "../db/client.ts";
import { coupon, shopOrder } from "../db/schema.ts";

/** The coupon every new account finds on /cupones: 10 % off its first order. */
export const WELCOME_COUPON = {
  code: "BIENVENIDA10",
  kind: "percent",
  value: 10,
  minSubtotalCents: 0,
  startsAt: null,
  endsAt: null,
  totalLimit: null,
  perUserLimit: 1,
  categories: null,
  firstOrderOnly: true,
  listed: true,
} satisfies CouponRules & typeof coupon.$inferInsert;

/** Creates the shop's standing coupons once; later starts keep what the operator changed. */
export async function seedCoupons(db: Database): Promise<void> {
  await db.insert(coupon).values(WELCOME_COUPON).onConflictDoNothing({ target: coupon.code });
}

const visibleTo = (userId: string) => or(isNull(coupon.ownerId), eq(coupon.ownerId, userId));

/** A coupon this shopper may use: anyone's, or their own; never another shopper's. */
export async function findCoupon(db: Database, code: string, userId: string) {
  const [row] = await db
    .select()
    .from(coupon)
    .where(and(eq(coupon.code, code), visibleTo(userId)));
  return row;
}

/** What a coupon is checked against: how often it was used, and the shopper's order count. */
export async function couponUsage(db: Database, code: string, userId: string) {
  // An order awaiting payment holds its coupon; one cancelled or expired unpaid gives it back.
  const live = notInArray(shopOrder.status, ["cancelado", "caducado"]);
  const total = async (...conditions: Parameters<typeof and>) =>
    (
      await db
        .select({ total: count() })
        .from(shopOrder)
        .where(and(live, ...conditions))
    )[0]?.total ?? 0;
  return {
    uses: {
      total: await total(eq(shopOrder.couponCode, code)),
      byUser: await total(eq(shopOrder.couponCode, code), eq(shopOrder.userId, userId)),
    },
    ordersByUser: await total(eq(shopOrder.userId, userId)),
  };
}

/** The listed coupons and the shopper's own, for /cupones. */
export async function couponsFor(db: Database, userId: string) {
  return db
    .select()
    .from(coupon)
    .where(or(eq(coupon.ownerId, userId), and(isNull(coupon.ownerId), eq(coupon.listed, true))));
}
