import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CouponView } from "#shared/api/coupon-contract.ts";
import type { OrderView } from "#shared/api/order-contract.ts";
import { coupon } from "../db/schema.ts";
import { createTestApi, type TestApi } from "../testing/test-app.ts";
import { body, orderRequest, quote, shopperWithCart } from "../testing/test-orders.ts";
import { asShopper, signUpShopper } from "../testing/test-users.ts";

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const codes = async (shopper: ReturnType<typeof asShopper>) =>
  (await body<{ items: CouponView[] }>(await shopper("GET", "/api/coupons"), 200)).items.map(
    (item) => item.code,
  );

describe("coupons", () => {
  it("gives every new account the welcome coupon, for its first order only", async () => {
    const { shopper, addressId } = await shopperWithCart(api, "welcome@example.com", { 1: 2 });
    const listed = await body<{ items: CouponView[] }>(await shopper("GET", "/api/coupons"), 200);
    expect(listed.items).toEqual([
      expect.objectContaining({ code: "BIENVENIDA10", kind: "percent", value: 10, firstOrderOnly: true }),
    ]);

    const plain = await quote(shopper, addressId);
    const welcomed = await quote(shopper, addressId, "bienvenida10");
    expect(welcomed.totals.discountCents).toBe(Math.round(plain.totals.subtotalCents / 10));
    const placed = await body<OrderView>(
      await shopper(
        "POST",
        "/api/orders",
        orderRequest(addressId, welcomed.totals.totalCents, { couponCode: "BIENVENIDA10" }),
      ),
      201,
    );
    expect(placed.totals.discountCents).toBe(welcomed.totals.discountCents);
    expect(await codes(shopper)).toEqual([]);

    await body(await shopper("POST", "/api/cart/2", { cantidad: 1 }), 200);
    const second = await quote(shopper, addressId, "BIENVENIDA10");
    expect(second.coupon).toEqual({ code: "BIENVENIDA10", refusal: "coupon-already-used" });

    // A cancelled order gives the coupon back.
    await body(await shopper("POST", `/api/orders/${placed.id}/cancel`), 200);
    expect(await codes(shopper)).toEqual(["BIENVENIDA10"]);
  });

  it("keeps a shopper's personal coupon to them, and hides unlisted codes", async () => {
    const owner = asShopper(api, await signUpShopper(api, "owner-coupon@example.com"));
    const me = await body<{ user: { id: string } }>(await owner("GET", "/api/me"), 200);
    await api.database.db.insert(coupon).values([
      { code: "SOLOPARATI", kind: "fixed", value: 500, ownerId: me.user.id },
      { code: "SECRETO", kind: "percent", value: 5 },
      { code: "CADUCADO", kind: "percent", value: 5, listed: true, endsAt: new Date(Date.now() - 1000) },
    ]);
    expect((await codes(owner)).sort()).toEqual(["BIENVENIDA10", "SOLOPARATI"]);
    const { shopper, addressId } = await shopperWithCart(api, "other-coupon@example.com", { 3: 1 });
    expect(await codes(shopper)).toEqual(["BIENVENIDA10"]);
    expect((await quote(shopper, addressId, "SOLOPARATI")).coupon).toEqual({
      code: "SOLOPARATI",
      refusal: "coupon-not-found",
    });
    expect((await quote(shopper, addressId, "SECRETO")).coupon).toEqual({ code: "SECRETO" });
    expect((await quote(shopper, addressId, "CADUCADO")).coupon).toEqual({
      code: "CADUCADO",
      refusal: "coupon-expired",
    });
  });

  it("answers 401 without a session", async () => {
    const response = await asShopper(api, undefined)("GET", "/api/coupons");
    expect(response.status).toBe(401);
  });
});
