import { Hono } from "hono";
import type { CouponView } from "#shared/api/coupon-contract.ts";
import { couponUnavailable } from "#shared/checkout/coupon.ts";
import { requireUser, type SessionReader, type UserEnv } from "../auth/require-user.ts";
import type { Database } from "../db/client.ts";
import { couponsFor, couponUsage } from "./coupon-repository.ts";

/** /cupones: the coupons this shopper can use now (listed ones and their own), with conditions. */
export function couponsRoutes(sessions: SessionReader, db: Database, now: () => Date = () => new Date()) {
  return new Hono<UserEnv>().use(requireUser(sessions)).get("/", async (c) => {
    const shopper = c.get("user");
    const items: CouponView[] = [];
    for (const rules of await couponsFor(db, shopper.id)) {
      // Counted as at checkout: the account's orders and those sent to its e-mail (issue 28).
      if (couponUnavailable(rules, { now: now(), ...(await couponUsage(db, rules.code, shopper)) })) continue;
      items.push({
        code: rules.code,
        kind: rules.kind,
        value: rules.value,
        minSubtotalCents: rules.minSubtotalCents,
        endsAt: rules.endsAt?.toISOString() ?? null,
        categories: rules.categories,
        firstOrderOnly: rules.firstOrderOnly,
      });
    }
    return c.json({ items });
  });
}
