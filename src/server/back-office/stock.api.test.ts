import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { dashboardSchema } from "#shared/api/back-office-dashboard-contract.ts";
import {
  type StockAdjustmentRequest,
  type StockList,
  stockAdjustedSchema,
  stockApi,
  stockListSchema,
  stockProductSchema,
} from "#shared/api/back-office-stock-contract.ts";
import type { OrderView } from "#shared/api/order-contract.ts";
import { auditOf } from "../audit/staff-audit.ts";
import { productStock, stockMovement } from "../db/schema.ts";
import { expireUnpaid } from "../orders/expire-unpaid.ts";
import { PAY_WITHIN_MS } from "../orders/store-order.ts";
import { inviteFromCli, type StaffBrowser, staffBrowser } from "../staff/staff-testing.ts";
import { signedInStaff } from "../testing/back-office-staff.ts";
import { createTestApi, type TestApi } from "../testing/test-app.ts";
import { body, orderRequest, quote, shopperWithCart, shopperWithOrder } from "../testing/test-orders.ts";
import { signUpShopper } from "../testing/test-users.ts";

let api: TestApi;
let owner: StaffBrowser;
let staff: StaffBrowser;

const errorBody = z.object({ error: z.object({ code: z.string() }), available: z.number().optional() });

beforeAll(async () => {
  api = await createTestApi();
  owner = await signedInStaff(api, "duena.stock@example.com", "owner");
  staff = await signedInStaff(api, "mozo.stock@example.com");
});
afterAll(() => api.close());

const stockOf = async (productId: number) => {
  const [row] = await api.database.db
    .select({ available: productStock.available })
    .from(productStock)
    .where(eq(productStock.productId, productId));
  return row?.available;
};

/** Every product whose ledger does not add up to its stock (none, always). */
async function ledgerMismatches() {
  const { db } = api.database;
  const [stock, sums] = await Promise.all([
    db.select().from(productStock),
    db
      .select({ productId: stockMovement.productId, sum: sql<string>`sum(${stockMovement.change})` })
      .from(stockMovement)
      .groupBy(stockMovement.productId),
  ]);
  const ledger = new Map(sums.map((row) => [row.productId, Number(row.sum)]));
  return stock
    .filter((row) => (ledger.get(row.productId) ?? 0) !== row.available)
    .map((row) => ({
      productId: row.productId,
      available: row.available,
      ledger: ledger.get(row.productId),
    }));
}

const adjust = (browser: StaffBrowser, productId: number, request: StockAdjustmentRequest) =>
  browser.post(stockApi.adjust(productId), request);
const adjusted = async (response: Response) => stockAdjustedSchema.parse(await body(response, 201));
const list = async (query = ""): Promise<StockList> =>
  stockListSchema.parse(await body(await staff.get(`${stockApi.list}${query}`), 200));

describe("the stock list", () => {
  it("lists every catalogue product with its stock, searched by name or code, accents aside", async () => {
    const all = await list();
    expect(all.total).toBe(api.catalog.listProducts().length);
    expect(all.items).toHaveLength(50);
    expect(all.threshold).toBe(5);
    const product = api.catalog.getProduct(1);
    if (!product) throw new Error("the catalogue has product 1");
    const found = await list(`?q=${encodeURIComponent(product.codigo)}`);
    expect(found.items.map((row) => row.productId)).toContain(1);
    expect(found.items.find((row) => row.productId === 1)).toMatchObject({
      name: product.texto,
      reference: product.codigo,
      available: await stockOf(1),
      low: false,
    });
    const word = product.texto.split(" ")[0] ?? "";
    const folded = word.normalize("NFD").replace(/\p{M}/gu, "").toUpperCase();
    expect((await list(`?q=${encodeURIComponent(folded)}`)).items.map((row) => row.productId)).toContain(1);
    expect((await list("?q=zzzz-nada")).total).toBe(0);
    expect((await staff.get(`${stockApi.list}?page=0`)).status).toBe(400);
  });

  it("marks and filters the products at or under the threshold", async () => {
    await adjusted(await adjust(staff, 7, { reason: "count", quantity: 5, note: "" }));
    const low = await list("?low=1");
    expect(low.items.map((row) => row.productId)).toContain(7);
    expect(low.items.every((row) => row.low && row.available <= 5)).toBe(true);
    await adjusted(await adjust(staff, 7, { reason: "restock", quantity: 1, note: "" }));
    expect((await list("?low=1")).items.map((row) => row.productId)).not.toContain(7);
  });
});

describe("adjusting a product's stock", () => {
  it("opens each product's ledger with its stock, then restocks, counts and writes off damage", async () => {
    const start = stockProductSchema.parse(await body(await staff.get(stockApi.product(2)), 200));
    expect(start.movements).toHaveLength(1);
    expect(start.movements[0]).toMatchObject({ reason: "opening", change: start.product.available });

    const restocked = await adjusted(
      await adjust(staff, 2, { reason: "restock", quantity: 12, note: "Albarán 4411" }),
    );
    expect(restocked.product.available).toBe(start.product.available + 12);
    expect(restocked.movement).toMatchObject({ reason: "restock", change: 12, note: "Albarán 4411" });
    expect(restocked.movement?.staff).toBe("mozo.stock");

    const counted = await adjusted(
      await adjust(staff, 2, { reason: "count", quantity: 9, note: "Recuento" }),
    );
    expect(counted.product.available).toBe(9);
    expect(counted.movement).toMatchObject({
      reason: "count",
      change: 9 - restocked.product.available,
      balance: 9,
    });
    // A count that finds what the shop thought writes nothing.
    expect(
      (await adjusted(await adjust(staff, 2, { reason: "count", quantity: 9, note: "" }))).movement,
    ).toBeNull();

    const damaged = await adjusted(
      await adjust(owner, 2, { reason: "damage", quantity: 4, note: "Caja mojada" }),
    );
    expect(damaged.product.available).toBe(5);
    const page = stockProductSchema.parse(await body(await staff.get(stockApi.product(2)), 200));
    expect(page.movements.map((m) => [m.reason, m.change, m.balance])).toEqual([
      ["damage", -4, 5],
      ["count", 9 - restocked.product.available, 9],
      ["restock", 12, restocked.product.available],
      ["opening", start.product.available, start.product.available],
    ]);
    expect(page.product).toMatchObject({ available: 5, low: true });
    expect(await stockOf(2)).toBe(5);

    const audit = await auditOf(api.database.db, "product", "2");
    expect(audit.map((entry) => [entry.action, entry.actor, entry.before, entry.after])).toEqual([
      [
        "stock.adjust",
        "mozo.stock@example.com",
        { available: start.product.available },
        { available: restocked.product.available, reason: "restock", quantity: 12 },
      ],
      [
        "stock.adjust",
        "mozo.stock@example.com",
        { available: restocked.product.available },
        { available: 9, reason: "count", quantity: 9 },
      ],
      [
        "stock.adjust",
        "mozo.stock@example.com",
        { available: 9 },
        { available: 9, reason: "count", quantity: 9 },
      ],
      [
        "stock.adjust",
        "duena.stock@example.com",
        { available: 9 },
        { available: 5, reason: "damage", quantity: 4 },
      ],
    ]);
  });

  it("never takes the stock below zero: damage beyond it is a JSON 409 and changes nothing", async () => {
    await adjusted(await adjust(staff, 3, { reason: "count", quantity: 2, note: "" }));
    const refused = await adjust(staff, 3, { reason: "damage", quantity: 3, note: "" });
    expect(refused.status).toBe(409);
    expect(refused.headers.get("content-type")).toContain("application/json");
    expect(errorBody.parse(await refused.json())).toMatchObject({
      error: { code: "insufficient-stock" },
      available: 2,
    });
    expect(await stockOf(3)).toBe(2);
    expect(await ledgerMismatches()).toEqual([]);
  });

  it("answers bad input 400 and an unknown product 404", async () => {
    for (const bad of [
      { reason: "restock", quantity: 0 },
      { reason: "damage", quantity: -1 },
      { reason: "count", quantity: 1.5 },
      { reason: "order", quantity: 1 },
      { reason: "restock", quantity: 1, note: "x".repeat(501) },
      { reason: "restock", quantity: 1, extra: true },
    ]) {
      expect((await staff.post(stockApi.adjust(1), bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (await staff.post("/api/gestion/stock/abc/adjustments", { reason: "restock", quantity: 1 })).status,
    ).toBe(400);
    const missing = await adjust(staff, 999_999, { reason: "restock", quantity: 1, note: "" });
    expect(missing.status).toBe(404);
    expect(errorBody.parse(await missing.json()).error.code).toBe("product-not-found");
    expect((await staff.get(stockApi.product(999_999))).status).toBe(404);
  });

  it("loses no adjustment made at the same time, from two people", async () => {
    const before = (await stockOf(4)) ?? 0;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        adjust(n % 2 === 0 ? staff : owner, 4, { reason: "restock", quantity: 1, note: `${n}` }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(201));
    expect(await stockOf(4)).toBe(before + 12);

    await adjusted(await adjust(staff, 4, { reason: "count", quantity: 5, note: "" }));
    const damages = await Promise.all(
      Array.from({ length: 8 }, () => adjust(staff, 4, { reason: "damage", quantity: 1, note: "" })),
    );
    const statuses = damages.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(5).fill(201), ...Array(3).fill(409)]);
    expect(await stockOf(4)).toBe(0);
    expect(await ledgerMismatches()).toEqual([]);
  });
});

describe("the ledger beside the orders", () => {
  it("adds up to the stock after orders, cancels and adjustments", async () => {
    const before5 = (await stockOf(5)) ?? 0;
    const { shopper, order } = await shopperWithOrder(api, "ledger.buyer@example.com", { 5: 2, 6: 1 });
    expect(await stockOf(5)).toBe(before5 - 2);
    // An unpaid order, cancelled by its shopper: the units come back.
    const second = await shopperWithCart(api, "ledger.second@example.com", { 5: 3 });
    const { totals } = await quote(second.shopper, second.addressId);
    const placed = await body<OrderView>(
      await second.shopper("POST", "/api/orders", orderRequest(second.addressId, totals.totalCents)),
      201,
    );
    expect(await stockOf(5)).toBe(before5 - 5);
    await body(await second.shopper("POST", `/api/orders/${placed.id}/cancel`, {}), 200);
    expect(await stockOf(5)).toBe(before5 - 2);
    // A paid order cancelled in the back office.
    await body(await staff.post(`/api/gestion/orders/${order.number}/cancel`, { note: "" }), 200);
    expect(await stockOf(5)).toBe(before5);
    await adjusted(await adjust(staff, 5, { reason: "damage", quantity: 1, note: "" }));

    const page = stockProductSchema.parse(await body(await staff.get(stockApi.product(5)), 200));
    expect(page.movements.map((m) => [m.reason, m.change])).toEqual([
      ["damage", -1],
      ["cancel", 2],
      ["cancel", 3],
      ["order", -3],
      ["order", -2],
      ["opening", before5],
    ]);
    expect(page.movements.find((m) => m.reason === "order" && m.change === -2)?.order).toBe(order.number);
    expect(page.movements[0]?.balance).toBe(before5 - 1);
    expect(await ledgerMismatches()).toEqual([]);
    void shopper;
  });

  it("gives back an unpaid order's units when it expires, as an expiry entry", async () => {
    const before = (await stockOf(8)) ?? 0;
    const { shopper, addressId } = await shopperWithCart(api, "ledger.late@example.com", { 8: 2 });
    const { totals } = await quote(shopper, addressId);
    await body(await shopper("POST", "/api/orders", orderRequest(addressId, totals.totalCents)), 201);
    expect(await stockOf(8)).toBe(before - 2);
    const late = new Date(Date.now() + PAY_WITHIN_MS + 60_000);
    expect((await expireUnpaid(api.paying(() => late))).expired).toBeGreaterThan(0);
    expect(await stockOf(8)).toBe(before);
    const page = stockProductSchema.parse(await body(await staff.get(stockApi.product(8)), 200));
    expect(page.movements.map((m) => [m.reason, m.change, m.balance])).toEqual([
      ["expiry", 2, before],
      ["order", -2, before - 2],
      ["opening", before, before],
    ]);
    expect(await ledgerMismatches()).toEqual([]);
  });
});

describe("the low-stock threshold", () => {
  it("is the owner's to set; the dashboard and the list follow it", async () => {
    const refused = await staff.post(stockApi.threshold, { lowStockUnits: 50 });
    expect(refused.status).toBe(403);
    expect((await owner.post(stockApi.threshold, { lowStockUnits: -1 })).status).toBe(400);
    await body(await owner.post(stockApi.threshold, { lowStockUnits: 25 }), 200);
    expect((await list()).threshold).toBe(25);
    const dashboard = dashboardSchema.parse(await body(await staff.get("/api/gestion/dashboard"), 200));
    expect(dashboard.lowStock.threshold).toBe(25);
    // Every product of the built-in catalogue starts at 20 or 100: those at 20 are low now.
    expect(dashboard.lowStock.count).toBeGreaterThan(0);
    const audit = await auditOf(api.database.db, "settings", "low-stock-threshold");
    expect(audit.map((entry) => [entry.actor, entry.before, entry.after])).toEqual([
      ["duena.stock@example.com", { lowStockUnits: 5 }, { lowStockUnits: 25 }],
    ]);
    await body(await owner.post(stockApi.threshold, { lowStockUnits: 5 }), 200);
  });
});

describe("who may reach the stock", () => {
  it("answers nobody signed in 401, a shopper's session 401 and a staff session without its second factor 403", async () => {
    const signedOut = staffBrowser(api);
    const shopper = staffBrowser(api, await signUpShopper(api, "curious.stock@example.com"));
    const early = staffBrowser(api);
    const token = await inviteFromCli(api, "early.stock@example.com", "staff");
    await early.post(`/api/gestion/invitations/${token}/accept`, {
      name: "Early",
      password: "tortuga-lunar-azul-42",
    });
    const calls = [
      (b: StaffBrowser) => b.get(stockApi.list),
      (b: StaffBrowser) => b.get(stockApi.product(1)),
      (b: StaffBrowser) => b.post(stockApi.adjust(1), { reason: "restock", quantity: 1 }),
      (b: StaffBrowser) => b.post(stockApi.threshold, { lowStockUnits: 3 }),
    ];
    const before = await stockOf(1);
    for (const call of calls) {
      expect((await call(signedOut)).status).toBe(401);
      expect((await call(shopper)).status).toBe(401);
      expect((await call(early)).status).toBe(403);
    }
    expect(await stockOf(1)).toBe(before);
    expect((await list()).threshold).toBe(5);
  });
});
