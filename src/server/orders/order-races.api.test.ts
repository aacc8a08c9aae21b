import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backOfficeOrderApi } from "#shared/api/back-office-order-contract.ts";
import type { OrderView } from "#shared/api/order-contract.ts";
import { coupon, productStock, shopOrder } from "../db/schema.ts";
import type { TestProvider } from "../payments/test-provider.ts";
import type { StaffBrowser } from "../staff/staff-testing.ts";
import { signedInStaff } from "../testing/back-office-staff.ts";
import { createTestApi, type TestApi } from "../testing/test-app.ts";
import {
  body,
  orderRequest,
  payOrder,
  quote,
  shopperWithCart,
  shopperWithOrder,
} from "../testing/test-orders.ts";
import { refundPending, settlePayments } from "./payment-settlement.ts";

/** The built-in provider, counting what the shop asked of it, and failing when told to. */
function countingProvider() {
  const counts = { created: 0, cancelled: 0, refunded: 0 };
  const state = { failRefunds: false, failCreates: false };
  const wrap = (inner: TestProvider): TestProvider => ({
    ...inner,
    async createIntent(intent) {
      if (state.failCreates) throw new Error("The provider timed out");
      const created = await inner.createIntent(intent);
      counts.created++;
      return created;
    },
    async cancel(reference) {
      counts.cancelled++;
      return inner.cancel(reference);
    },
    async refund(reference, amountCents, key) {
      if (state.failRefunds) throw new Error("The provider is down");
      await inner.refund(reference, amountCents, key);
      counts.refunded++;
    },
  });
  return {
    wrap,
    counts,
    set failRefunds(fail: boolean) {
      state.failRefunds = fail;
    },
    set failCreates(fail: boolean) {
      state.failCreates = fail;
    },
  };
}

let api: TestApi;
/** Who ships orders: a staff member in the back office (decision 047). */
let staff: StaffBrowser;
const payments = countingProvider();
beforeAll(async () => {
  api = await createTestApi({ wrapTestPayments: payments.wrap });
  staff = await signedInStaff(api, "races.staff@example.com");
});
afterAll(() => api.close());

const stockOf = async (productId: number) =>
  (await api.database.db.select().from(productStock).where(eq(productStock.productId, productId)))[0]
    ?.available ?? 0;

describe("one cart, one order (issue 11)", () => {
  it("places exactly one order, with one payment, for 20 checkouts of one cart sent at once", async () => {
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
    expect(payments.counts.created - counts.created).toBe(1);
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

describe("refunds after the lock (issue 11)", () => {
  it("ends a shopper's cancel racing a staff member's ship in exactly one of the two, money and all", async () => {
    for (let n = 0; n < 8; n++) {
      const { shopper, order } = await shopperWithOrder(api, `cancel-or-ship${n}@example.com`, { 16: 1 });
      const refundsBefore = payments.counts.refunded;
      const [cancelled, shipped] = await Promise.all([
        shopper("POST", `/api/orders/${order.id}/cancel`),
        staff.post(backOfficeOrderApi.action(order.number, "ship"), {
          carrier: "envios-veloz",
          trackingNumber: `RACE-${n}`,
        }),
      ]);
      expect([cancelled.status, shipped.status].sort()).toEqual([200, 409]);
      const view = await body<OrderView>(await shopper("GET", `/api/orders/${order.id}`), 200);
      const creditNotes = view.invoices.filter((document) => document.kind === "credit-note");
      // Money goes back to the card only for the order that was really cancelled.
      expect(payments.counts.refunded - refundsBefore).toBe(view.status === "cancelado" ? 1 : 0);
      if (view.status === "cancelado") {
        expect(view.payment?.status).toBe("refunded");
        expect(creditNotes).toHaveLength(1);
      } else {
        expect(view.status).toBe("enviado");
        expect(view.payment?.status).toBe("captured");
        expect(creditNotes).toHaveLength(0);
      }
    }
  }, 60_000);

  it("keeps a refund the provider failed pending, shows it on the order, and gives it back on a retry", async () => {
    const { shopper, order } = await shopperWithOrder(api, "refund-later@example.com", { 17: 1 });
    payments.failRefunds = true;
    await body(await shopper("POST", `/api/orders/${order.id}/cancel`), 200);
    const pending = await body<OrderView>(await shopper("GET", `/api/orders/${order.id}`), 200);
    expect(pending.status).toBe("cancelado");
    expect(pending.payment?.status).toBe("refund-pending");
    payments.failRefunds = false;
    const retried = await refundPending({ db: api.database.db, payments: api.payments });
    expect(retried.failed).toEqual([]);
    const done = await body<OrderView>(await shopper("GET", `/api/orders/${order.id}`), 200);
    expect(done.payment?.status).toBe("refunded");
  });

  it("keeps an order whose payment the provider could not make, and makes it when the shopper comes to pay", async () => {
    payments.failCreates = true;
    const { shopper, addressId } = await shopperWithCart(api, "provider-down@example.com", { 18: 1 });
    const { totals } = await quote(shopper, addressId);
    const placed = await body<OrderView>(
      await shopper("POST", "/api/orders", orderRequest(addressId, totals.totalCents)),
      201,
    );
    expect(placed).toMatchObject({ status: "pendiente-pago", payment: null });
    payments.failCreates = false;
    const before = payments.counts.created;
    await payOrder(shopper, placed.id);
    expect(payments.counts.created - before).toBe(1);
    const paid = await body<OrderView>(await shopper("GET", `/api/orders/${placed.id}`), 200);
    expect(paid).toMatchObject({ status: "pagado", payment: { status: "captured" } });
  });

  it("cancels the payment at the provider, and takes nothing, when an order is cancelled before it was paid", async () => {
    const { shopper, addressId } = await shopperWithCart(api, "cancel-unpaid@example.com", { 18: 1 });
    const { totals } = await quote(shopper, addressId);
    const placed = await body<OrderView>(
      await shopper("POST", "/api/orders", orderRequest(addressId, totals.totalCents)),
      201,
    );
    const counts = { ...payments.counts };
    await body(await shopper("POST", `/api/orders/${placed.id}/cancel`), 200);
    await settlePayments({ db: api.database.db, payments: api.payments });
    expect(payments.counts.refunded).toBe(counts.refunded);
    expect(payments.counts.cancelled - counts.cancelled).toBe(1);
    const done = await body<OrderView>(await shopper("GET", `/api/orders/${placed.id}`), 200);
    expect(done.status).toBe("cancelado");
    expect(done.payment?.status).toBe("cancelled");
  });
});
