import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  COUPON_USES_PAGE_SIZE,
  type CouponUses,
  couponUsesApi,
  couponUsesSchema,
} from "#shared/api/back-office-coupon-uses-contract.ts";
import { PROMOTIONS_API, type PromotionCreateRequest } from "#shared/api/back-office-promotion-contract.ts";
import type { OrderView } from "#shared/api/order-contract.ts";
import { shopOrder } from "../db/schema.ts";
import type { StaffBrowser } from "../staff/staff-testing.ts";
import { signedInStaff } from "../testing/back-office-staff.ts";
import { createTestApi, type TestApi } from "../testing/test-app.ts";
import { body, orderRequest, payOrder, quote, shopperWithCart } from "../testing/test-orders.ts";

let api: TestApi;
let staff: StaffBrowser;

beforeAll(async () => {
  api = await createTestApi();
  staff = await signedInStaff(api, "bea.usos@example.com");
});
afterAll(() => api.close());

const CODE = "USOS10";
const coupon: PromotionCreateRequest = {
  code: CODE,
  kind: "percent",
  value: 10,
  minSubtotalCents: 0,
  startsAt: null,
  endsAt: null,
  totalLimit: null,
  perUserLimit: null,
  firstOrderOnly: false,
  categories: null,
  listed: false,
};

/** A shopper's order placed with the coupon through the checkout, paid or left unpaid. */
async function orderWithCoupon(email: string, paid: boolean): Promise<OrderView> {
  const { shopper, addressId } = await shopperWithCart(api, email, { 47: 1, 9: 2 });
  const priced = await quote(shopper, addressId, CODE);
  expect(priced.totals.discountCents).toBeGreaterThan(0);
  const request = orderRequest(addressId, priced.totals.totalCents, { couponCode: CODE });
  const placed = await body<OrderView>(await shopper("POST", "/api/orders", request), 201);
  if (!paid) return placed;
  await payOrder(shopper, placed.id);
  return body<OrderView>(await shopper("GET", `/api/orders/${placed.id}`), 200);
}

/** Copies of an order placed earlier, one a minute back from `from` (a coupon with a long history). */
async function earlierCopies(of: OrderView, howMany: number, couponCode: string) {
  const { db } = api.database;
  const [row] = await db.select().from(shopOrder).where(eq(shopOrder.id, of.id));
  if (!row) throw new Error(`order ${of.id} is stored`);
  const { id: _id, number: _number, ...copy } = row;
  const start = Date.parse("2026-01-10T12:00:00.000Z");
  await db.insert(shopOrder).values(
    Array.from({ length: howMany }, (_, n) => ({
      ...copy,
      couponCode,
      idempotencyKey: `${couponCode}-copy-${n}`,
      placedAt: new Date(start - n * 60_000),
    })),
  );
}

const uses = async (page = 1): Promise<CouponUses> =>
  couponUsesSchema.parse(await body(await staff.get(couponUsesApi(CODE, page)), 200));

describe("a coupon's uses", () => {
  it("lists every order placed with the code, newest first, a page at a time, with the count", async () => {
    expect((await staff.post(PROMOTIONS_API, coupon)).status).toBe(201);
    expect(await uses()).toEqual({ items: [], total: 0, page: 1, pageSize: COUPON_USES_PAGE_SIZE });

    const unpaid = await orderWithCoupon("sin.pagar.usos@example.com", false);
    const paid = await orderWithCoupon("pagado.usos@example.com", true);
    expect(paid.number).not.toBeNull();
    await earlierCopies(paid, 43, CODE);
    await earlierCopies(paid, 3, "OTRO");

    const first = await uses();
    expect(first.total).toBe(45);
    expect(first.items).toHaveLength(COUPON_USES_PAGE_SIZE);
    expect(first.items[0]).toEqual({
      number: paid.number,
      email: "pagado.usos@example.com",
      placedAt: expect.any(String),
      status: paid.status,
      discountCents: paid.totals.discountCents,
    });
    expect(first.items[1]).toMatchObject({
      number: null,
      email: "sin.pagar.usos@example.com",
      status: "pendiente-pago",
      discountCents: unpaid.totals.discountCents,
    });

    const pages = [first, await uses(2), await uses(3)];
    expect(pages.map((page) => page.items.length)).toEqual([20, 20, 5]);
    const all = pages.flatMap((page) => page.items);
    const times = all.map((use) => Date.parse(use.placedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(all.map((use) => `${use.placedAt} ${use.email}`)).size).toBe(45);
    expect((await uses(4)).items).toEqual([]);
  });

  it("answers 404 for a code that is no coupon's, and 400 for a page that is none", async () => {
    expect((await staff.get(couponUsesApi("NADA-DE-NADA"))).status).toBe(404);
    expect((await staff.get(`${PROMOTIONS_API}/${CODE}/orders?page=0`)).status).toBe(400);
    // The code is read as checkout reads it: upper-cased.
    expect((await staff.get(couponUsesApi(CODE.toLowerCase()))).status).toBe(200);
  });
});
