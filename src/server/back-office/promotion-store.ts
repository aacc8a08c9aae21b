import { asc, eq, sql } from "drizzle-orm";
import {
  type PromotionRules,
  type PromotionView,
  promotionState,
} from "#shared/api/back-office-promotion-contract.ts";
import type { Database, Transaction } from "../db/client.ts";
import { coupon, shopOrder } from "../db/schema.ts";

export type CouponRow = typeof coupon.$inferSelect;

/** Every use of a code, counted as the engine counts them (live orders) and in all (history). */
const usage = () =>
  ({
    uses: sql<number>`count(${shopOrder.id}) filter (where ${shopOrder.status} not in ('cancelado', 'caducado'))`.mapWith(
      Number,
    ),
    orders: sql<number>`count(${shopOrder.id})`.mapWith(Number),
  }) as const;

/** The shop's coupons with their use, in one statement, newest first. */
export async function listPromotions(db: Database, now: Date): Promise<PromotionView[]> {
  const rows = await db
    .select({ row: coupon, ...usage() })
    .from(coupon)
    .leftJoin(shopOrder, eq(shopOrder.couponCode, coupon.code))
    .groupBy(coupon.code)
    .orderBy(sql`${coupon.createdAt} desc`, asc(coupon.code));
  return rows.map(({ row, uses, orders }) => promotionView(row, uses, orders, now));
}

/** One coupon with its use; under the transaction's row lock when `lock` (a change to it). */
export async function findPromotion(db: Database | Transaction, code: string, lock = false) {
  const query = db.select().from(coupon).where(eq(coupon.code, code));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) return undefined;
  const [counted] = await db.select(usage()).from(shopOrder).where(eq(shopOrder.couponCode, code));
  return { row, uses: counted?.uses ?? 0, orders: counted?.orders ?? 0 };
}

/** A code spelt otherwise by a row made by hand in SQL ("Verano" beside "VERANO"). */
export async function codeTaken(db: Database | Transaction, code: string): Promise<boolean> {
  const [row] = await db
    .select({ code: coupon.code })
    .from(coupon)
    .where(sql`upper(${coupon.code}) = ${code.toUpperCase()}`)
    .limit(1);
  return row !== undefined;
}

export function promotionView(row: CouponRow, uses: number, orders: number, now: Date): PromotionView {
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    minSubtotalCents: row.minSubtotalCents,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    totalLimit: row.totalLimit,
    perUserLimit: row.perUserLimit,
    firstOrderOnly: row.firstOrderOnly,
    categories: row.categories ? [...row.categories] : null,
    listed: row.listed,
    paused: row.paused,
    version: row.version,
    personal: row.ownerId !== null,
    state: promotionState(row, now),
    uses,
    used: orders > 0,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The rules as the table keeps them (instants as dates). */
export function rulesRow(rules: PromotionRules) {
  return {
    ...rules,
    startsAt: rules.startsAt ? new Date(rules.startsAt) : null,
    endsAt: rules.endsAt ? new Date(rules.endsAt) : null,
  };
}

/** The rules of a row, for the audit's before and after. */
export function rulesOf(row: CouponRow): Record<string, unknown> {
  const view = promotionView(row, 0, 0, new Date(0));
  const {
    state: _state,
    uses: _uses,
    used: _used,
    personal: _personal,
    createdAt: _created,
    ...rules
  } = view;
  return rules;
}
