import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coupon, productStock, shopOrder } from "../db/schema.ts";
import type { PaymentProvider } from "../payments/payment-provider.ts";
import { createTestCardProvider } from "../payments/test-card-provider.ts";
import { createTestApi, type TestApi } from "../testing/test-app.ts";
import { orderRequest, quote, shopperWithCart } from "../testing/test-orders.ts";

/** The built-in test cards, counting what the shop asked of them. */
function countingProvider() {
  const inner = createTestCardProvider();
  const counts = { authorized: 0, captured: 0, cancelled: 0 };
  const provider: PaymentProvider = {
    name: inner.name,
    async authorize(request) {
      const answer = await inner.authorize(request);
      if (answer.ok) counts.authorized++;
      return answer;
    },
    async capture(reference) {
      counts.captured++;
      await inner.capture(reference);
    },
    async cancel(reference) {
      counts.cancelled++;
      await inner.cancel(reference);
    },
    refund: (reference, amountCents) => inner.refund(reference, amountCents),
  };
  return { provider, counts };
}

let api: TestApi;
const payments = countingProvider();
beforeAll(async () => {
  api = await createTestApi({ payments: { provider: payments.provider } });
});
afterAll(() => api.close());

const stockOf = async (productId: number) =>
  (await api.database.db.select().from(productStock).where(eq(productStock.productId, productId)))[0]
    ?.available ?? 0;

describe("one cart, one order (issue 11)", () => {
  it("places exactly one order, with one charge, for 20 checkouts of one cart sent at once", async () => {
    const { shopper, addressId } = await shopperWithCart(api, "twenty-tabs@example.com", { 11: 2 });
    const { totals } = await quote(shopper, addressId);
    const before = await stockOf(11);
    const counts = { ...payments.counts };
    // Twenty tabs, taps and retries: each with its own idempotency key.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        shopper("POST", "/api/orders", orderRequest(addressId, totals.totalCents)),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 201)) {
      expect(answer.status).toBe(409);
      const code = ((await answer.json()) as { error: { code: string } }).error.code;
      expect(["order-in-progress", "cart-empty"]).toContain(code);
    }
    const orders = await api.database.db.select().from(shopOrder);
    expect(orders.filter((order) => order.buyer.email === "twenty-tabs@example.com")).toHaveLength(1);
    expect(payments.counts.authorized - counts.authorized).toBe(1);
    expect(payments.counts.captured - counts.captured).toBe(1);
    expect(await stockOf(11)).toBe(before - 2);
  });

  it("says «your order is being processed» in the shopper's words for a checkout that lost the race", async () => {
    const { shopper, addressId } = await shopperWithCart(api, "double-tap@example.com", { 12: 1 });
    const { totals } = await quote(shopper, addressId);
    const answers = await Promise.all(
      [1, 2].map(() => shopper("POST", "/api/orders", orderRequest(addressId, totals.totalCents))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
  });
});

describe("coupon limits under concurrency (issue 11)", () => {
  it("redeems a coupon limited to 5 uses exactly 5 times among 20 shoppers racing for it", async () => {
    await api.database.db.insert(coupon).values({ code: "SOLO5", kind: "percent", value: 5, totalLimit: 5 });
    const buyers = [];
    for (let n = 0; n < 20; n++)
      buyers.push(await shopperWithCart(api, `coupon-rush${n}@example.com`, { 13: 1 }));
    const requests = await Promise.all(
      buyers.map(async ({ shopper, addressId }) => {
        const { totals } = await quote(shopper, addressId, "SOLO5");
        return orderRequest(addressId, totals.totalCents, { couponCode: "SOLO5" });
      }),
    );
    const answers = await Promise.all(
      buyers.map(({ shopper }, n) => shopper("POST", "/api/orders", requests[n])),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    const redeemed = await api.database.db.select().from(shopOrder).where(eq(shopOrder.couponCode, "SOLO5"));
    expect(redeemed).toHaveLength(5);
    for (const answer of answers.filter((a) => a.status !== 201)) {
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe("coupon-refused");
    }
  }, 120_000);

  it("applies the first-order welcome coupon once when one shopper sends ten checkouts at once", async () => {
    const { shopper, addressId } = await shopperWithCart(api, "welcome-race@example.com", { 15: 1 });
    const { totals } = await quote(shopper, addressId, "BIENVENIDA10");
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        shopper(
          "POST",
          "/api/orders",
          orderRequest(addressId, totals.totalCents, { couponCode: "BIENVENIDA10" }),
        ),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    const orders = await api.database.db
      .select()
      .from(shopOrder)
      .where(eq(shopOrder.couponCode, "BIENVENIDA10"));
    expect(orders.filter((order) => order.buyer.email === "welcome-race@example.com")).toHaveLength(1);
  });
});
