import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { backOfficeOrderApi } from "#shared/api/back-office-order-contract.ts";
import { reviewInvitation, shopOrder } from "../db/schema.ts";
import { createLogger } from "../logger.ts";
import type { StaffBrowser } from "../staff/staff-testing.ts";
import { watchStockChanges } from "../stock/stock-changes.ts";
import { actedOn, signedInStaff } from "../testing/back-office-staff.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { shopperWithOrder } from "../testing/test-orders.ts";
import { SHOPPER_PASSWORD } from "../testing/test-users.ts";

/** A review erased with its author's account (issue 33): its own file, its own limits' counters. */
let api: TestApi;
let staff: StaffBrowser;

beforeAll(async () => {
  api = await createTestApi();
  staff = await signedInStaff(api, "reviews.erasure@example.com");
});
afterAll(() => api.close());

const productSchema = z.object({
  average: z.number().nullable(),
  count: z.number(),
  latest: z.array(z.object({ name: z.string() })),
});
const listSchema = z.object({
  reviews: z.array(z.object({ id: z.string(), productId: z.number(), status: z.string() })),
});
const json = async (response: Response): Promise<unknown> => response.json();
const review = (token: string, rating: number) =>
  api.request("/api/reviews", {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
    body: JSON.stringify({ token, rating, text: "Un robot precioso, a mi hija le encanta.", name: "Ana G." }),
  });
const productReviews = async (id: number) =>
  productSchema.parse(await json(await api.request(`/api/reviews/products/${id}`)));

describe("an account's erasure and its reviews", () => {
  it("goes with its author's account, with the links to write more; the order stays", async () => {
    const { shopper, order } = await shopperWithOrder(api, "reviews.leaving@example.com", { 11: 1, 12: 1 });
    await actedOn(
      await staff.post(backOfficeOrderApi.action(order.number, "ship"), {
        carrier: "envios-veloz",
        trackingNumber: "EV-LEAV",
      }),
    );
    await actedOn(await staff.post(backOfficeOrderApi.action(order.number, "deliver"), {}));
    const links = await api.database.db
      .select()
      .from(reviewInvitation)
      .where(eq(reviewInvitation.orderId, order.id));
    const token = (id: number) => links.find((row) => row.productId === id)?.token ?? "";
    expect((await review(token(11), 4)).status).toBe(201);
    const listed = listSchema.parse(await json(await staff.get("/api/gestion/reviews")));
    const written = listed.reviews.find((r) => r.productId === 11 && r.status === "pending");
    expect((await staff.post(`/api/gestion/reviews/${written?.id}/approve`, {})).status).toBe(200);
    expect((await productReviews(11)).count).toBe(1);

    const changed: number[] = [];
    const watch = await watchStockChanges(
      api.database,
      { onChange: (id) => changed.push(id), onMissed: () => undefined },
      createLogger({ LOG_LEVEL: "silent" }),
    );
    try {
      const erased = await shopper("POST", "/api/auth/delete-user", { password: SHOPPER_PASSWORD });
      expect(erased.status).toBe(200);
      expect(await productReviews(11)).toEqual({ average: null, count: 0, latest: [] });
      // Its product's kept pages are dropped, as a moderation drops them.
      await expect.poll(() => changed).toContain(11);
    } finally {
      await watch.close();
    }
    expect((await review(token(12), 5)).status).toBe(404);
    const kept = await api.database.db.select().from(shopOrder).where(eq(shopOrder.id, order.id));
    expect(kept).toHaveLength(1);
  });
});
