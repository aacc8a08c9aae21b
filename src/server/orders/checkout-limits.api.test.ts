import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../testing/test-app.ts";
import { body, orderRequest, quote, shopperWithCart } from "../testing/test-orders.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({
    checkoutLimits: {
      quote: { perShopper: 1000, perAddress: 1000, windowMs: 60_000 },
      place: { perShopper: 3, perAddress: 5, windowMs: 60_000 },
    },
  });
});
afterAll(() => api.close());

describe("card testing (issue 11)", () => {
  // Each card tried needs an order of its own to pay (decision 034): orders are what is limited.
  it("stops a shopper placing order after order, then the address they come from", async () => {
    const { shopper, addressId } = await shopperWithCart(api, "card-tester@example.com", { 20: 1 });
    const { totals } = await quote(shopper, addressId);
    const attempt = () => shopper("POST", "/api/orders", orderRequest(addressId, totals.totalCents));
    expect((await attempt()).status).toBe(201);
    for (let n = 0; n < 2; n++) {
      expect(await body(await attempt(), 409)).toMatchObject({ error: { code: "cart-empty" } });
    }
    const stopped = await attempt();
    expect(stopped.status).toBe(429);
    expect(stopped.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await stopped.json()).toMatchObject({ error: { code: "too-many-requests" } });

    // A second account from the same address gets the address's last two tries.
    const other = await shopperWithCart(api, "card-tester-2@example.com", { 20: 1 });
    const priced = await quote(other.shopper, other.addressId);
    const again = () =>
      other.shopper("POST", "/api/orders", orderRequest(other.addressId, priced.totals.totalCents));
    expect((await again()).status).toBe(201);
    expect((await again()).status).toBe(409);
    expect((await again()).status).toBe(429);
  });
});
