import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdjustmentReason,
  stockAdjustedSchema,
  stockApi,
} from "#shared/api/back-office-stock-contract.ts";
import type { OrderView } from "#shared/api/order-contract.ts";
import { productStock, stockMovement } from "../db/schema.ts";
import type { StaffBrowser } from "../staff/staff-testing.ts";
import { signedInStaff } from "../testing/back-office-staff.ts";
import { createTestApi, type TestApi } from "../testing/test-app.ts";
import { body, orderRequest, quote, type Shopper, shopperWithCart } from "../testing/test-orders.ts";

/**
 * Issue 32, as a property: whatever sequence of hand adjustments (restock, count, damage), orders
 * placed (or refused for want of stock) and orders cancelled, the stock never goes below zero,
 * it is what a simple model of the shelf says, and the ledger's entries add up to it.
 */
const PRODUCT = 9;

type Command =
  | { kind: "adjust"; reason: AdjustmentReason; quantity: number }
  | { kind: "order"; quantity: number }
  | { kind: "cancel"; pick: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant("adjust" as const),
    reason: fc.constantFrom("restock" as const, "count" as const, "damage" as const),
    quantity: fc.integer({ min: 0, max: 8 }),
  }),
  fc.record({ kind: fc.constant("order" as const), quantity: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant("cancel" as const), pick: fc.nat({ max: 10 }) }),
);

let api: TestApi;
let staff: StaffBrowser;
let buyer: { shopper: Shopper; addressId: string };

beforeAll(async () => {
  api = await createTestApi();
  staff = await signedInStaff(api, "property.stock@example.com");
  buyer = await shopperWithCart(api, "property.buyer@example.com", {});
});
afterAll(() => api.close());

async function stockNow(): Promise<number> {
  const [row] = await api.database.db
    .select({ available: productStock.available })
    .from(productStock)
    .where(eq(productStock.productId, PRODUCT));
  return row?.available ?? -1;
}

async function ledgerNow(): Promise<number> {
  const [row] = await api.database.db
    .select({ sum: sql<string>`coalesce(sum(${stockMovement.change}), 0)` })
    .from(stockMovement)
    .where(eq(stockMovement.productId, PRODUCT));
  return Number(row?.sum);
}

/** A staff adjustment: the model's shelf after it, or the same shelf when it is refused. */
async function runAdjust(shelf: number, { reason, quantity }: Extract<Command, { kind: "adjust" }>) {
  const answer = await staff.post(stockApi.adjust(PRODUCT), { reason, quantity, note: "" });
  if (reason !== "count" && quantity === 0) {
    expect(answer.status).toBe(400);
    return shelf;
  }
  if (reason === "damage" && quantity > shelf) {
    expect(answer.status).toBe(409);
    return shelf;
  }
  const { product } = stockAdjustedSchema.parse(await body(answer, 201));
  const expected = reason === "restock" ? shelf + quantity : reason === "count" ? quantity : shelf - quantity;
  expect(product.available).toBe(expected);
  return expected;
}

/** The buyer's cart of `quantity` units placed as an order: its id when the shelf had them. */
async function runOrder(shelf: number, quantity: number): Promise<string | undefined> {
  const { shopper, addressId } = buyer;
  await shopper("DELETE", `/api/cart/${PRODUCT}`);
  const added = await shopper("POST", `/api/cart/${PRODUCT}`, { cantidad: quantity });
  if (added.status !== 200) {
    // The cart refuses more than is on the shelf.
    expect(quantity).toBeGreaterThan(shelf);
    return undefined;
  }
  const { totals } = await quote(shopper, addressId);
  const placed = await shopper("POST", "/api/orders", orderRequest(addressId, totals.totalCents));
  if (quantity > shelf) {
    expect(placed.status).toBe(409);
    return undefined;
  }
  return (await body<OrderView>(placed, 201)).id;
}

describe("the stock ledger, whatever happens", () => {
  it("keeps the stock at zero or more, as the model says, and equal to the ledger's sum", async () => {
    /** What the runs did, so a property that never placed or cancelled an order is seen. */
    const seen = { placed: 0, cancelled: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 10 }), async (commands) => {
        let shelf = await stockNow();
        const open: { id: string; quantity: number }[] = [];
        for (const step of commands) {
          if (step.kind === "adjust") shelf = await runAdjust(shelf, step);
          if (step.kind === "order") {
            const id = await runOrder(shelf, step.quantity);
            if (id) {
              open.push({ id, quantity: step.quantity });
              seen.placed += 1;
              shelf -= step.quantity;
            }
          }
          if (step.kind === "cancel" && open.length > 0) {
            const [order] = open.splice(step.pick % open.length, 1);
            if (!order) continue;
            await body(await buyer.shopper("POST", `/api/orders/${order.id}/cancel`, {}), 200);
            shelf += order.quantity;
            seen.cancelled += 1;
          }
          const stock = await stockNow();
          expect(stock).toBeGreaterThanOrEqual(0);
          expect(stock).toBe(shelf);
          expect(await ledgerNow()).toBe(stock);
        }
      }),
      { numRuns: 12 },
    );
    expect(seen.placed).toBeGreaterThan(0);
    expect(seen.cancelled).toBeGreaterThan(0);
  });
});
