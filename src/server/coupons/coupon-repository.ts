import { and, eq, isNull, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { CouponRules } from "#shared/checkout/coupon.ts";
import type { Database, Transaction } from "../db/client.ts";
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

/**
 * Who a coupon's per-shopper rules count (issue 28): the user placing the order (an account or a
 * guest) and the e-mail the order goes to, so a guest buying with an address that already used a
 * coupon, as a guest or as an account, counts as that shopper. A guest's quote has no e-mail yet.
 */
export type CouponShopper = { id: string; email?: string | undefined };

/** The live orders of a shopper: placed by the user, or sent to the same e-mail. */
export function placedBy({ id, email }: CouponShopper): SQL {
  const byUser = eq(shopOrder.userId, id);
  if (!email) return byUser;
  return or(byUser, sql`lower(${shopOrder.buyer}->>'email') = ${email.trim().toLowerCase()}`) ?? byUser;
}

// An order awaiting payment holds its coupon; one cancelled or expired unpaid gives it back.
export const liveOrder = notInArray(shopOrder.status, ["cancelado", "caducado"]);

const counted = (condition: SQL | undefined) =>
  sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/**
 * What a coupon is checked against, in one statement: how often it was used in all and by this
 * shopper (by user or e-mail), and the shopper's orders. Run in a checkout's transaction after the
 * coupon's row lock (`place-order.ts`), it counts every order committed before.
 */
export async function couponUsage(db: Database | Transaction, code: string, shopper: CouponShopper) {
  const used = eq(shopOrder.couponCode, code);
  const theirs = placedBy(shopper);
  const [row] = await db
    .select({
      total: counted(used),
      byUser: counted(and(used, theirs)),
      ordersByUser: counted(theirs),
    })
    .from(shopOrder)
    .where(and(liveOrder, or(used, theirs)));
  return {
    uses: { total: row?.total ?? 0, byUser: row?.byUser ?? 0 },
    ordersByUser: row?.ordersByUser ?? 0,
  };
}

/** The listed coupons and the shopper's own, for /cupones. */
export async function couponsFor(db: Database, userId: string) {
  return db
    .select()
    .from(coupon)
    .where(or(eq(coupon.ownerId, userId), and(isNull(coupon.ownerId), eq(coupon.listed, true))));
}
