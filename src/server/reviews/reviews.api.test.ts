import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { backOfficeOrderApi } from "#shared/api/back-office-order-contract.ts";
import { reviewInvitation, review as reviewTable, shopOrder, staffAudit } from "../db/schema.ts";
import { NO_LIMITS } from "../http/rate-limit.ts";
import type { StaffBrowser } from "../staff/staff-testing.ts";
import { actedOn, signedInStaff } from "../testing/back-office-staff.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { shopperWithOrder } from "../testing/test-orders.ts";
import { reviewPages } from "./reviews.routes.ts";

let api: TestApi;
let staff: StaffBrowser;

beforeAll(async () => {
  api = await createTestApi();
  staff = await signedInStaff(api, "reviews.staff@example.com");
});
afterAll(() => api.close());

const summarySchema = z.object({ average: z.number().nullable(), count: z.number() });
const productSchema = summarySchema.extend({
  latest: z.array(z.object({ rating: z.number(), text: z.string(), name: z.string(), date: z.string() })),
});
const errorSchema = z.object({
  error: z.object({ code: z.string(), fields: z.record(z.string(), z.string()).optional() }),
});
const listSchema = z.object({
  reviews: z.array(z.object({ id: z.string(), productId: z.number(), status: z.string() })),
});

const post = (path: string, body: unknown) =>
  api.request(path, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const review = (token: string, rating = 5, text = "Un robot precioso, a mi hija le encanta.") =>
  post("/api/reviews", { token, rating, text, name: "Ana G." });
const json = async (response: Response): Promise<unknown> => response.json();
const productReviews = async (id: number) =>
  productSchema.parse(await json(await api.request(`/api/reviews/products/${id}`)));

/** A shopper's paid order moved by staff to delivered; the invitations' tokens, by product. */
async function deliveredOrder(email: string, cart: Record<number, number>) {
  const { order } = await shopperWithOrder(api, email, cart);
  await actedOn(
    await staff.post(backOfficeOrderApi.action(order.number, "ship"), {
      carrier: "envios-veloz",
      trackingNumber: `EV-${order.number.slice(-4)}`,
    }),
  );
  await actedOn(await staff.post(backOfficeOrderApi.action(order.number, "deliver"), {}));
  const rows = await api.database.db
    .select()
    .from(reviewInvitation)
    .where(eq(reviewInvitation.orderId, order.id));
  return { order, tokens: new Map(rows.map((row) => [row.productId, row.token])) };
}

describe("reviews from verified buyers (issue 33)", () => {
  it("invites a delivered order's buyer by mail, one link per product, in the order's language", async () => {
    const { order, tokens } = await deliveredOrder("reviews.mail@example.com", { 3: 1, 4: 2 });
    expect(tokens.size).toBe(2);
    await api.deliverMail();
    const mail = api.mails.find((m) => m.to === "reviews.mail@example.com" && m.subject.includes("parecido"));
    expect(mail?.subject).toContain(order.number);
    for (const token of tokens.values()) expect(mail?.text).toContain(`/opinar/${token}`);
  });

  it("invites to no line refunded whole before delivery, and to one refunded in part", async () => {
    const { order } = await shopperWithOrder(api, "reviews.refunded@example.com", { 10: 1, 11: 2, 12: 1 });
    const refund = (position: number, quantity: number) =>
      staff.post(backOfficeOrderApi.action(order.number, "refund"), { lines: [{ position, quantity }] });
    await actedOn(await refund(0, 1), 201);
    await actedOn(await refund(1, 1), 201);
    await actedOn(
      await staff.post(backOfficeOrderApi.action(order.number, "ship"), {
        carrier: "envios-veloz",
        trackingNumber: "EV-REFUNDED",
      }),
    );
    await actedOn(await staff.post(backOfficeOrderApi.action(order.number, "deliver"), {}));
    const invited = await api.database.db
      .select({ productId: reviewInvitation.productId })
      .from(reviewInvitation)
      .where(eq(reviewInvitation.orderId, order.id));
    expect(invited.map((row) => row.productId).sort((a, b) => a - b)).toEqual([11, 12]);
  });

  it("has no invitation for an order not delivered yet, and refuses a token of nothing", async () => {
    const { order } = await shopperWithOrder(api, "reviews.undelivered@example.com", { 5: 1 });
    const rows = await api.database.db
      .select()
      .from(reviewInvitation)
      .where(eq(reviewInvitation.orderId, order.id));
    expect(rows).toHaveLength(0);
    const refused = await review("3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f");
    expect(refused.status).toBe(404);
    expect(errorSchema.parse(await json(refused)).error.code).toBe("unknown-invitation");
  });

  it("refuses a review once the order went back to a status before delivery", async () => {
    const { order, tokens } = await deliveredOrder("reviews.back@example.com", { 6: 1 });
    const token = tokens.get(6) ?? "";
    // An order whose delivery is undone (a mistaken click) is no longer a delivered order.
    await api.database.db.update(shopOrder).set({ status: "enviado" }).where(eq(shopOrder.id, order.id));
    expect((await review(token)).status).toBe(404);
  });

  it("takes one review per order line, held until approved; the figures count approved ones only", async () => {
    const before = summarySchema.parse(await json(await api.request("/api/reviews/summary")));
    const first = await deliveredOrder("reviews.one@example.com", { 7: 1 });
    const second = await deliveredOrder("reviews.two@example.com", { 7: 1 });
    expect((await review(first.tokens.get(7) ?? "", 5)).status).toBe(201);
    const again = await review(first.tokens.get(7) ?? "", 1);
    expect(again.status).toBe(409);
    expect(errorSchema.parse(await json(again)).error.code).toBe("already-reviewed");
    expect((await review(second.tokens.get(7) ?? "", 2)).status).toBe(201);
    expect(await productReviews(7)).toEqual({ average: null, count: 0, latest: [] });

    const listed = listSchema.parse(await json(await staff.get("/api/gestion/reviews")));
    const pending = listed.reviews.filter((r) => r.productId === 7);
    expect(pending.map((r) => r.status)).toEqual(["pending", "pending"]);
    const [one, two] = pending;
    expect((await staff.post(`/api/gestion/reviews/${one?.id}/approve`, {})).status).toBe(200);
    expect((await staff.post(`/api/gestion/reviews/${two?.id}/reject`, {})).status).toBe(200);
    const shown = await productReviews(7);
    expect(shown.count).toBe(1);
    expect(shown.latest).toHaveLength(1);
    expect(shown.latest[0]).toMatchObject({ name: "Ana G." });
    const after = summarySchema.parse(await json(await api.request("/api/reviews/summary")));
    expect(after.count).toBe(before.count + 1);
    const audit = await api.database.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.subjectId, one?.id ?? ""));
    expect(audit.map((entry) => entry.action)).toEqual(["review.approve"]);
  });

  it("shows a product's latest approved reviews, with the figures of all of them", async () => {
    const { order } = await shopperWithOrder(api, "reviews.many@example.com", { 9: 1 });
    // Seven approved (ratings 1…5, 5, 5) a day apart, and one pending, newest of all.
    const day = (n: number) => new Date(Date.UTC(2026, 9, 1 + n));
    const ratings = [1, 2, 3, 4, 5, 5, 5];
    await api.database.db.insert(reviewTable).values([
      ...ratings.map((rating, position) => ({
        productId: 9,
        orderId: order.id,
        position,
        authorName: `Lector ${position}`,
        rating,
        text: "Un robot precioso, llegó muy bien.",
        language: "es" as const,
        status: "approved" as const,
        createdAt: day(position),
      })),
      {
        productId: 9,
        orderId: order.id,
        position: 7,
        authorName: "Pendiente",
        rating: 1,
        text: "Aún sin moderar, no se muestra.",
        language: "es" as const,
        createdAt: day(8),
      },
    ]);
    const shown = await productReviews(9);
    expect(shown.count).toBe(7);
    expect(shown.average).toBe(3.6); // 25 / 7 = 3.57…, rounded to one decimal
    expect(shown.latest.map((r) => r.name)).toEqual([
      "Lector 6",
      "Lector 5",
      "Lector 4",
      "Lector 3",
      "Lector 2",
    ]);
    expect(shown.latest[0]?.date).toBe(day(6).toISOString());
  });

  it("answers bad input with a 400 naming each field", async () => {
    const { tokens } = await deliveredOrder("reviews.bad@example.com", { 8: 1 });
    const token = tokens.get(8) ?? "";
    for (const [body, field] of [
      [{ token, rating: 6, text: "Un robot precioso.", name: "Ana G." }, "rating"],
      [{ token, rating: 4, text: "corto", name: "Ana G." }, "text"],
      [{ token, rating: 4, text: "x".repeat(2001), name: "Ana G." }, "text"],
      [{ token, rating: 4, text: "Un robot precioso.", name: "" }, "name"],
      [{ token: "nope", rating: 4, text: "Un robot precioso.", name: "Ana G." }, "token"],
    ] as const) {
      const refused = await post("/api/reviews", body);
      expect(refused.status).toBe(400);
      expect(errorSchema.parse(await json(refused)).error.fields).toHaveProperty(field);
    }
    expect((await staff.get("/api/gestion/reviews?status=maybe")).status).toBe(400);
  });

  it("serves the mail's page as a form, and takes the form posted", async () => {
    const { tokens } = await deliveredOrder("reviews.page@example.com", { 9: 1 });
    const pages = new Hono().route(
      "/opinar",
      reviewPages({ db: api.database.db, limits: NO_LIMITS, now: () => new Date() }),
    );
    const page = await pages.request(`/opinar/${tokens.get(9)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('type="radio" name="rating"');
    const form = new URLSearchParams({ rating: "4", text: "Muy buen regalo de cumpleaños.", name: "Rui S." });
    const sent = await pages.request(`/opinar/${tokens.get(9)}`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    expect(sent.status).toBe(201);
    const reopened = await pages.request(`/opinar/${tokens.get(9)}`);
    expect(await reopened.text()).not.toContain('type="radio"');
    expect((await pages.request("/opinar/not-a-token")).status).toBe(404);
  });
});
