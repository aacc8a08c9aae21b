import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dashboardSchema } from "#shared/api/back-office-dashboard-contract.ts";
import type { OrderStatus } from "#shared/api/order-contract.ts";
import type { Database } from "../db/client.ts";
import { invoice, productStock, shopOrder } from "../db/schema.ts";
import { inviteFromCli, staffBrowser, staffMemberFrom } from "../staff/staff-testing.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { shopperWithOrder } from "../testing/test-orders.ts";
import { readSalesDays } from "./dashboard-sales.ts";
import { LOW_STOCK_UNITS, readLowStock, readOrdersToShip } from "./dashboard-work.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

type Sale = { number: string | null; status?: OrderStatus; placedAt: string; totalCents: number };

/** An order as the checkout stores it, straight in the table (the figures read nothing else of it). */
async function insertOrder(db: Database, sale: Sale): Promise<string> {
  const id = randomUUID();
  await db.insert(shopOrder).values({
    id,
    number: sale.number,
    idempotencyKey: randomUUID(),
    status: sale.status ?? (sale.number === null ? "pendiente-pago" : "entregado"),
    lang: "es",
    zone: "es-peninsula",
    shippingMethod: "standard",
    address: {
      name: "Ana",
      lastName: "García",
      street: "Calle Mayor 1",
      floorDoor: "",
      postalCode: "28013",
      city: "Madrid",
      country: "ES",
      region: "28",
      phone: "612345678",
    },
    buyer: { name: "Ana", lastName: "García", email: "ana@example.com", company: "", taxId: "" },
    subtotalCents: sale.totalCents,
    discountCents: 0,
    shippingCents: 0,
    totalCents: sale.totalCents,
    vat: [],
    deliveryFrom: "2025-12-01",
    deliveryTo: "2025-12-03",
    placedAt: new Date(sale.placedAt),
  });
  return id;
}

async function insertDocument(
  db: Database,
  orderId: string,
  kind: "invoice" | "credit-note",
  issuedAt: string,
  totalCents: number,
) {
  const number = `${kind === "invoice" ? "F" : "R"}-${randomUUID()}`;
  await db
    .insert(invoice)
    .values({ orderId, kind, number, totalCents, vat: [], issuedAt: new Date(issuedAt) });
}

describe("the dashboard's sales figures, by day on Madrid's clock (decision 046)", () => {
  // 10:00 UTC is 11:00 in Madrid (CET): today is 2025-11-27, the span 2025-10-29 to 2025-11-27.
  const now = new Date("2025-11-27T10:00:00Z");

  beforeAll(async () => {
    const { db } = api.database;
    // 00:30 in Madrid today, though the 26th in UTC.
    const justAfterMidnight = await insertOrder(db, {
      number: "2025-100001",
      placedAt: "2025-11-26T23:30:00Z",
      totalCents: 4000,
    });
    // 23:59:59 in Madrid yesterday.
    await insertOrder(db, { number: "2025-100002", placedAt: "2025-11-26T22:59:59Z", totalCents: 2500 });
    // Paid then cancelled today: it sold, and its credit note gives the money back.
    const cancelled = await insertOrder(db, {
      number: "2025-100003",
      status: "cancelado",
      placedAt: "2025-11-27T08:00:00Z",
      totalCents: 1001,
    });
    // Never paid: no number, no revenue.
    await insertOrder(db, { number: null, placedAt: "2025-11-27T09:00:00Z", totalCents: 9999 });
    // The span's first day, at 01:00 in Madrid; and the minute before the span.
    await insertOrder(db, { number: "2025-100004", placedAt: "2025-10-29T00:00:00Z", totalCents: 700 });
    await insertOrder(db, { number: "2025-100005", placedAt: "2025-10-28T22:59:00Z", totalCents: 800 });
    // Tomorrow in Madrid (00:30 on the 28th): not yet.
    await insertOrder(db, { number: "2025-100006", placedAt: "2025-11-27T23:30:00Z", totalCents: 900 });
    await insertDocument(db, justAfterMidnight, "invoice", "2025-11-26T23:31:00Z", 4000);
    await insertDocument(db, justAfterMidnight, "credit-note", "2025-11-26T23:10:00Z", 1500);
    await insertDocument(db, justAfterMidnight, "credit-note", "2025-11-26T22:50:00Z", 700);
    await insertDocument(db, cancelled, "credit-note", "2025-11-27T08:30:00Z", 1001);
  });

  it("gives today's revenue, orders, average basket and refunds", async () => {
    const { days } = await readSalesDays(api.database.db, now);
    expect(days.at(-1)).toEqual({
      day: "2025-11-27",
      revenueCents: 5001,
      orders: 2,
      // 5001 / 2 = 2500.5, rounded half up.
      averageBasketCents: 2501,
      refundsCents: 2501,
    });
    expect(days.at(-2)).toEqual({
      day: "2025-11-26",
      revenueCents: 2500,
      orders: 1,
      averageBasketCents: 2500,
      refundsCents: 700,
    });
  });

  it("gives every day of the 30, zeros included, and the span's totals", async () => {
    const { days, totals } = await readSalesDays(api.database.db, now);
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({
      day: "2025-10-29",
      revenueCents: 700,
      orders: 1,
      averageBasketCents: 700,
      refundsCents: 0,
    });
    expect(days[1]).toEqual({
      day: "2025-10-30",
      revenueCents: 0,
      orders: 0,
      averageBasketCents: null,
      refundsCents: 0,
    });
    expect(new Set(days.map(({ day }) => day)).size).toBe(30);
    // 4000 + 2500 + 1001 + 700; the order before the span, tomorrow's and the unpaid one are out.
    expect(totals).toEqual({ revenueCents: 8201, orders: 4, averageBasketCents: 2050, refundsCents: 3201 });
  });

  it("crosses a change of clock: in summer Madrid's day starts at 22:00 UTC", async () => {
    const summer = new Date("2025-07-15T12:00:00Z");
    await insertOrder(api.database.db, {
      number: "2025-100007",
      placedAt: "2025-07-14T22:00:00Z",
      totalCents: 333,
    });
    await insertOrder(api.database.db, {
      number: "2025-100008",
      placedAt: "2025-07-14T21:59:59Z",
      totalCents: 444,
    });
    const { days } = await readSalesDays(api.database.db, summer);
    expect(days.at(-1)).toMatchObject({ day: "2025-07-15", revenueCents: 333, orders: 1 });
    expect(days.at(-2)).toMatchObject({ day: "2025-07-14", revenueCents: 444, orders: 1 });
  });
});

describe("the dashboard's work lists", () => {
  it("lists the paid orders not shipped yet, oldest first", async () => {
    const { db } = api.database;
    await insertOrder(db, {
      number: "2024-200002",
      status: "preparando",
      placedAt: "2024-03-02T10:00:00Z",
      totalCents: 1,
    });
    await insertOrder(db, {
      number: "2024-200001",
      status: "pagado",
      placedAt: "2024-03-01T10:00:00Z",
      totalCents: 1,
    });
    await insertOrder(db, {
      number: "2024-200003",
      status: "enviado",
      placedAt: "2024-02-01T10:00:00Z",
      totalCents: 1,
    });
    await insertOrder(db, {
      number: null,
      status: "pendiente-pago",
      placedAt: "2024-01-01T10:00:00Z",
      totalCents: 1,
    });
    const toShip = await readOrdersToShip(db);
    expect(toShip.oldest.slice(0, 2).map(({ number, status }) => [number, status])).toEqual([
      ["2024-200001", "pagado"],
      ["2024-200002", "preparando"],
    ]);
    expect(toShip.oldest[0]?.buyer).toBe("Ana García");
    expect(toShip.oldest.some(({ number }) => number === "2024-200003")).toBe(false);
  });

  it("lists the products at or under the threshold, scarcest first, with the catalogue's name", async () => {
    const { db } = api.database;
    const [first, second, third] = api.catalog.listProducts();
    if (!first || !second || !third) throw new Error("the catalogue has too few products");
    await db
      .update(productStock)
      .set({ available: LOW_STOCK_UNITS })
      .where(eq(productStock.productId, first.id));
    await db.update(productStock).set({ available: 0 }).where(eq(productStock.productId, second.id));
    await db
      .update(productStock)
      .set({ available: LOW_STOCK_UNITS + 1 })
      .where(eq(productStock.productId, third.id));
    const low = await readLowStock(db, api.catalog);
    expect(low).toEqual({
      threshold: LOW_STOCK_UNITS,
      count: 2,
      products: [
        { productId: second.id, name: second.texto, reference: second.codigo, available: 0 },
        { productId: first.id, name: first.texto, reference: first.codigo, available: LOW_STOCK_UNITS },
      ],
    });
  });
});

describe("GET /api/gestion/dashboard", () => {
  it("is for staff only, signed in with their second factor", async () => {
    expect((await api.request("/api/gestion/dashboard", { headers: { origin: TEST_ORIGIN } })).status).toBe(
      401,
    );
    const token = await inviteFromCli(api, "dash.early@example.com", "staff");
    const early = staffBrowser(api);
    await early.post(`/api/gestion/invitations/${token}/accept`, {
      name: "Eva",
      password: "marea-alta-gris-31",
    });
    expect((await early.get("/api/gestion/dashboard")).status).toBe(403);
  });

  it("answers a staff member today's figures of an order just paid, and it waits to ship", async () => {
    const token = await inviteFromCli(api, "dash.staff@example.com", "staff");
    const { browser } = await staffMemberFrom(api, token, { name: "Luis", password: "faro-norte-verde-58" });
    const { order } = await shopperWithOrder(api, "dash.shopper@example.com", { 1: 2 });
    const answer = await browser.get("/api/gestion/dashboard");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    const dashboard = dashboardSchema.parse(await answer.json());
    expect(dashboard.today).toMatchObject({
      revenueCents: order.totals.totalCents,
      orders: 1,
      averageBasketCents: order.totals.totalCents,
      refundsCents: 0,
    });
    expect(dashboard.last30Days.days.at(-1)).toEqual(dashboard.today);
    expect(dashboard.last30Days.totals.orders).toBe(1);
    // The two waiting since 2024 (above) and this one.
    expect(dashboard.toShip.count).toBe(3);
    expect(dashboard.toShip.oldest.map(({ number }) => number)).toContain(order.number);
    expect(dashboard.lowStock.count).toBe(2);
  });
});
