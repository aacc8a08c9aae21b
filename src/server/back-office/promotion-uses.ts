import { count, desc, eq, sql } from "drizzle-orm";
import {
  COUPON_USES_PAGE_SIZE,
  type CouponUses,
  type CouponUsesQuery,
  couponUseSchema,
} from "#shared/api/back-office-coupon-uses-contract.ts";
import type { Database } from "../db/client.ts";
import { shopOrder } from "../db/schema.ts";

/**
 * The orders placed with a coupon's code, newest first, a page of them and how many in all
 * (issue 32). Pages by number, as the back office's other lists: a coupon's orders are a few
 * pages, and an order placed meanwhile moves a row to the next page at worst.
 */
export async function listCouponUses(
  db: Database,
  code: string,
  query: CouponUsesQuery,
): Promise<CouponUses> {
  const withCode = eq(shopOrder.couponCode, code);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        number: shopOrder.number,
        email: sql<string>`${shopOrder.buyer}->>'email'`,
        placedAt: shopOrder.placedAt,
        status: shopOrder.status,
        discountCents: shopOrder.discountCents,
      })
      .from(shopOrder)
      .where(withCode)
      .orderBy(desc(shopOrder.placedAt), desc(shopOrder.id))
      .limit(COUPON_USES_PAGE_SIZE)
      .offset((query.page - 1) * COUPON_USES_PAGE_SIZE),
    db.select({ total: count() }).from(shopOrder).where(withCode),
  ]);
  return {
    items: rows.map((row) => couponUseSchema.parse({ ...row, placedAt: row.placedAt.toISOString() })),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: COUPON_USES_PAGE_SIZE,
  };
}
