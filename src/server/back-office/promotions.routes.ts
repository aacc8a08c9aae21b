import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { couponUsesQuerySchema } from "#shared/api/back-office-coupon-uses-contract.ts";
import {
  type PromotionRules,
  type PromotionStep,
  promotionCodeParamSchema,
  promotionCreateSchema,
  promotionEditSchema,
  promotionStepSchema,
  rulesFixedAfterUse,
} from "#shared/api/back-office-promotion-contract.ts";
import type { ApiErrorBody } from "#shared/api/error-contract.ts";
import { recordAudit, type StaffActor } from "../audit/staff-audit.ts";
import type { Transaction } from "../db/client.ts";
import { coupon } from "../db/schema.ts";
import { apiError, validate } from "../http/validate.ts";
import type { StaffEnv } from "../staff/staff-guard.ts";
import type { BackOfficeDeps } from "./back-office-deps.ts";
import {
  type CouponRow,
  codeTaken,
  findPromotion,
  listPromotions,
  promotionView,
  rulesOf,
  rulesRow,
} from "./promotion-store.ts";
import { listCouponUses } from "./promotion-uses.ts";

const notFound = apiError("promotion-not-found", "No such promotion");
const fieldError = (code: string, message: string, fields: Record<string, string>): ApiErrorBody => ({
  error: { code, message, fields },
});

/** Why a change is refused, answered 404 or 409 with the coupon as it is now. */
type Refusal = { status: 404 | 409; body: ApiErrorBody };

/**
 * The back office's promotions (issue 32, decision 052): the shop's coupons with their use (the
 * orders placed with each, `/:code/orders`), made, edited, paused, resumed and ended by any staff
 * member (owner or staff: a campaign is daily work, and every change is audited). Each change is
 * made on the version the member saw: a later one made on an older version is refused (409),
 * never silently lost.
 */
export function promotionRoutes({ db, now }: BackOfficeDeps) {
  const params = validate("param", promotionCodeParamSchema);

  /** Runs a change under the coupon's row lock, after the version and the end are checked. */
  async function change(
    code: string,
    version: number,
    apply: (tx: Transaction, row: CouponRow, orders: number) => Promise<Refusal | CouponRow>,
  ) {
    return db.transaction(async (tx): Promise<Refusal | { row: CouponRow; uses: number; orders: number }> => {
      const found = await findPromotion(tx, code, true);
      if (!found) return { status: 404, body: notFound };
      const { row, uses, orders } = found;
      if (row.version !== version)
        return { status: 409, body: apiError("stale-version", "The promotion was changed meanwhile") };
      // An ended coupon stays ended: its end is its history (decision 052).
      if (row.endsAt && now() >= row.endsAt)
        return { status: 409, body: apiError("promotion-ended", "The promotion has ended") };
      const changed = await apply(tx, row, orders);
      return "status" in changed ? changed : { row: changed, uses, orders };
    });
  }

  const answer = async (code: string, outcome: Awaited<ReturnType<typeof change>>) => {
    if ("status" in outcome) {
      const current = await findPromotion(db, code);
      const promotion = current ? promotionView(current.row, current.uses, current.orders, now()) : undefined;
      return { status: outcome.status, body: { ...outcome.body, ...(promotion ? { promotion } : {}) } };
    }
    return {
      status: 200 as const,
      body: { promotion: promotionView(outcome.row, outcome.uses, outcome.orders, now()) },
    };
  };

  return new Hono<StaffEnv>()
    .get("/", async (c) => c.json({ items: await listPromotions(db, now()) }))
    .get("/:code", params, async (c) => {
      const found = await findPromotion(db, c.req.valid("param").code);
      if (!found) return c.json(notFound, 404);
      return c.json({ promotion: promotionView(found.row, found.uses, found.orders, now()) });
    })
    .get("/:code/orders", params, validate("query", couponUsesQuerySchema), async (c) => {
      const { code } = c.req.valid("param");
      if (!(await findPromotion(db, code))) return c.json(notFound, 404);
      return c.json(await listCouponUses(db, code, c.req.valid("query")));
    })
    .post("/", validate("json", promotionCreateSchema), async (c) => {
      const { code, ...rules } = c.req.valid("json");
      const staff = c.get("staff");
      const created = await db.transaction(async (tx) => {
        if (await codeTaken(tx, code)) return undefined;
        const [row] = await tx
          .insert(coupon)
          .values({ code, ...rulesRow(rules) })
          .onConflictDoNothing({ target: coupon.code })
          .returning();
        if (!row) return undefined;
        await audit(tx, staff, "promotion.create", code, null, rulesOf(row));
        return row;
      });
      if (!created)
        return c.json(fieldError("code-taken", "A promotion has this code", { code: "code-taken" }), 409);
      return c.json({ promotion: promotionView(created, 0, 0, now()) }, 201);
    })
    .post("/:code", params, validate("json", promotionEditSchema), async (c) => {
      const { code } = c.req.valid("param");
      const { version, ...rules } = c.req.valid("json");
      const staff = c.get("staff");
      const outcome = await change(code, version, async (tx, row, orders) => {
        const fixed = orders > 0 ? fixedRulesChanged(row, rules) : [];
        if (fixed.length > 0) {
          const fields = Object.fromEntries(fixed.map((field) => [field, "fixed-after-use"]));
          return { status: 409, body: fieldError("fixed-after-use", "The promotion was used", fields) };
        }
        return update(tx, staff, "promotion.edit", row, rulesRow(rules));
      });
      const { status, body } = await answer(code, outcome);
      return c.json(body, status);
    })
    .post("/:code/:step{pause|resume|end}", params, validate("json", promotionStepSchema), async (c) => {
      const { code } = c.req.valid("param");
      const step = stepOf(c.req.param("step"));
      const staff = c.get("staff");
      const outcome = await change(code, c.req.valid("json").version, (tx, row) =>
        update(tx, staff, `promotion.${step}`, row, stepChange(step, now())),
      );
      const { status, body } = await answer(code, outcome);
      return c.json(body, status);
    });
}

const stepOf = (text: string): PromotionStep => (text === "pause" || text === "resume" ? text : "end");

/** Pausing keeps every rule; ending moves the end to now, for good. */
function stepChange(step: PromotionStep, at: Date): Partial<CouponRow> {
  if (step === "pause") return { paused: true };
  if (step === "resume") return { paused: false };
  return { endsAt: at };
}

/** The rules that give the discount and that an edit would change. */
function fixedRulesChanged(row: CouponRow, rules: PromotionRules): string[] {
  const same = (field: (typeof rulesFixedAfterUse)[number]) => {
    if (field === "categories")
      return (
        JSON.stringify([...(row.categories ?? [])].sort()) ===
          JSON.stringify([...(rules.categories ?? [])].sort()) &&
        (row.categories === null) === (rules.categories === null)
      );
    return row[field] === rules[field];
  };
  return rulesFixedAfterUse.filter((field) => !same(field));
}

async function update(
  tx: Transaction,
  staff: StaffActor,
  action: string,
  row: CouponRow,
  values: Partial<CouponRow>,
): Promise<CouponRow> {
  const [updated] = await tx
    .update(coupon)
    .set({ ...values, version: row.version + 1 })
    .where(eq(coupon.code, row.code))
    .returning();
  if (!updated) throw new Error(`promotion ${row.code} vanished under its lock`);
  await audit(tx, staff, action, row.code, rulesOf(row), rulesOf(updated));
  return updated;
}

const audit = (
  tx: Transaction,
  staff: StaffActor,
  action: string,
  code: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
) => recordAudit(tx, staff, { action, subjectType: "promotion", subjectId: code, before, after });
