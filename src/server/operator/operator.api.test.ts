import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { serve } from "@hono/node-server";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OperatorStats } from "#shared/api/operator-stats-contract.ts";
import type { CreditNoteSummary, OperatorOrderRow, OrderView } from "#shared/api/order-contract.ts";
import { hasControlCharacters } from "#shared/text.ts";
import { orderEvent, productStock, shopOrder } from "../db/schema.ts";
import { createTestApi, TEST_OPERATOR_TOKEN, type TestApi } from "../testing/test-app.ts";
import { body, shopperWithOrder } from "../testing/test-orders.ts";

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const operator = (number: string, step: string, token = TEST_OPERATOR_TOKEN) =>
  api.request(`/api/operator/orders/${number}/${step}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
  });

const stockOf = async (productId: number) =>
  (await api.database.db.select().from(productStock).where(eq(productStock.productId, productId)))[0]
    ?.available;

describe("the operator", () => {
  it("needs the operator token", async () => {
    const { order } = await shopperWithOrder(api, "token@example.com", { 1: 1 });
    const missing = await api.request(`/api/operator/orders/${order.number}/ship`, { method: "POST" });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ error: { code: "unauthorized" } });
    expect((await operator(order.number, "ship", "x".repeat(40))).status).toBe(401);
  });

  it("prepares, ships and delivers an order, each step in its history; no going back", async () => {
    const { shopper, order } = await shopperWithOrder(api, "steps@example.com", { 2: 1 });
    expect(await body(await operator(order.number, "prepare"), 200)).toEqual({
      number: order.number,
      status: "preparando",
      changed: true,
    });
    await body(await operator(order.number, "ship"), 200);
    expect(await body(await operator(order.number, "ship"), 200)).toMatchObject({ changed: false });
    await body(await operator(order.number, "deliver"), 200);
    const refused = await body<{ status: string }>(await operator(order.number, "prepare"), 409);
    expect(refused.status).toBe("entregado");
    const seen = await body<OrderView>(await shopper("GET", `/api/orders/${order.id}`), 200);
    expect(seen.history.map((event) => event.status)).toEqual([
      "pendiente-pago",
      "pagado",
      "preparando",
      "enviado",
      "entregado",
    ]);
    // Shipped: the shopper can no longer cancel.
    expect((await shopper("POST", `/api/orders/${order.id}/cancel`)).status).toBe(409);
  });

  it("lists the orders newest first, by status, with what packing needs", async () => {
    const listed = (query = "", token = TEST_OPERATOR_TOKEN) =>
      api.request(`/api/operator/orders${query}`, { headers: { authorization: `Bearer ${token}` } });
    expect((await listed("", "x".repeat(40))).status).toBe(401);
    expect((await listed("?status=perdido")).status).toBe(400);
    const { order: older } = await shopperWithOrder(api, "list-a@example.com", { 4: 2, 5: 1 });
    const { order: newer } = await shopperWithOrder(api, "list-b@example.com", { 6: 1 });
    await body(await operator(older.number, "ship"), 200);

    const all = await body<{ items: OperatorOrderRow[] }>(await listed(), 200);
    const numbers = all.items.map((row) => row.number);
    expect(numbers.indexOf(newer.number)).toBeLessThan(numbers.indexOf(older.number));
    expect(all.items.find((row) => row.number === older.number)).toEqual({
      number: older.number,
      status: "enviado",
      placedAt: older.placedAt,
      buyer: `${older.buyer.name} ${older.buyer.lastName}`,
      email: "list-a@example.com",
      destination: `${older.address.postalCode} ${older.address.city} (${older.address.country})`,
      units: 3,
      totalCents: older.totals.totalCents,
    });
    const shipped = await body<{ items: OperatorOrderRow[] }>(await listed("?status=enviado"), 200);
    expect(shipped.items.every((row) => row.status === "enviado")).toBe(true);
    expect(shipped.items.map((row) => row.number)).toContain(older.number);
    expect(shipped.items.map((row) => row.number)).not.toContain(newer.number);
  });

  it("answers 404 for an unknown order and 400 for a bad step or number", async () => {
    expect((await operator("2026-999999", "ship")).status).toBe(404);
    expect((await operator("2026-000001", "teleport")).status).toBe(400);
    expect((await operator("not-a-number", "ship")).status).toBe(400);
  });
});

describe("the process's figures", () => {
  it("tells the operator, and nobody else, the page cache and the memory in use", async () => {
    expect((await api.request("/api/operator/stats")).status).toBe(401);
    const response = await api.request("/api/operator/stats", {
      headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
    });
    expect(response.status).toBe(200);
    const stats = (await response.json()) as OperatorStats;
    // The API alone keeps no pages (the server's main does, decision 018).
    expect(stats.pageCache).toBeNull();
    expect(stats.memory.rssBytes).toBeGreaterThan(stats.memory.heapUsedBytes);
  });
});

describe("returns (right of withdrawal)", () => {
  it("takes a return request within 14 days; the received parcel brings refund, stock and credit note", async () => {
    const { shopper, order } = await shopperWithOrder(api, "returns@example.com", { 5: 2 });
    const before = await stockOf(5);
    expect((await shopper("POST", `/api/orders/${order.id}/return`)).status).toBe(409);
    await body(await operator(order.number, "ship"), 200);
    await body(await operator(order.number, "deliver"), 200);

    const requested = await body<OrderView>(await shopper("POST", `/api/orders/${order.id}/return`), 200);
    expect(requested.status).toBe("devolucion-solicitada");
    expect(requested.payment?.status).toBe("captured");

    await body(await operator(order.number, "receive-return"), 200);
    const returned = await body<OrderView>(await shopper("GET", `/api/orders/${order.id}`), 200);
    expect(returned).toMatchObject({ status: "devuelto", payment: { status: "refunded" } });
    expect(returned.invoices.map((document) => document.kind)).toEqual(["invoice", "credit-note"]);
    expect(await stockOf(5)).toBe((before ?? 0) + 2);
    const notes = await body<{ items: CreditNoteSummary[] }>(
      await shopper("GET", "/api/orders/credit-notes"),
      200,
    );
    expect(notes.items.map((note) => note.orderId)).toEqual([order.id]);
  });

  it("refuses a return asked for more than 14 days after delivery", async () => {
    const { shopper, order } = await shopperWithOrder(api, "late@example.com", { 6: 1 });
    await body(await operator(order.number, "ship"), 200);
    await body(await operator(order.number, "deliver"), 200);
    const fifteenDaysAgo = new Date(Date.now() - 15 * 24 * 60 * 60 * 1000);
    await api.database.db
      .update(orderEvent)
      .set({ at: fifteenDaysAgo })
      .where(and(eq(orderEvent.orderId, order.id), eq(orderEvent.status, "entregado")));
    const refused = await shopper("POST", `/api/orders/${order.id}/return`);
    expect(await body(refused, 409)).toMatchObject({ error: { code: "not-returnable" } });
  });
});

describe("npm run orders", () => {
  // Eight runs of the command, each a new Node process: slow to start on a busy two-core machine.
  it("ships and refunds an order from the command line against a running shop", {
    timeout: 200_000,
  }, async () => {
    const { order } = await shopperWithOrder(api, "cli@example.com", { 7: 1 });
    const server = serve({ fetch: api.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      const run = (args: string[]) =>
        promisify(execFile)(process.execPath, ["scripts/orders.ts", ...args], {
          env: { ...process.env, SHOP_URL: `http://127.0.0.1:${port}`, OPERATOR_TOKEN: TEST_OPERATOR_TOKEN },
        });
      // A name stored before names were checked, holding a terminal escape sequence.
      await api.database.db
        .update(shopOrder)
        .set({ buyer: { ...order.buyer, name: "Ana\u001b[2J\u0007", lastName: "García" } })
        .where(eq(shopOrder.id, order.id));
      const { stdout } = await run(["ship", order.number]);
      expect(stdout.trim()).toBe(`Order ${order.number}: enviado`);
      const listed = await run(["list", "enviado"]);
      const line = listed.stdout.split("\n").find((text) => text.startsWith(order.number));
      expect(line).toMatch(
        /^\d{4}-\d{6}\s+enviado\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}\s+1 u\.\s+[\d,]+ €\s+Ana\[2J García <cli@example\.com>\s+\d{5} /,
      );
      expect(hasControlCharacters(listed.stdout.replaceAll("\n", ""))).toBe(false);
      expect((await run(["list", "devuelto"])).stdout.trim()).not.toContain(order.number);
      const failure = await run(["prepare", order.number]).catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure).toMatchObject({ code: 1 });
      expect("stderr" in failure ? failure.stderr : "").toContain("is enviado; cannot prepare");
      const usage = await run(["fly"]).catch((error: { code: number; stderr: string }) => error);
      expect(usage).toMatchObject({ code: 2 });
      const badStatus = await run(["list", "perdido"]).catch((error: { code: number }) => error);
      expect(badStatus).toMatchObject({ code: 2 });

      const refunded = await run(["refund", order.number, "1:1", "--shipping", "--note", "Llegó roto"]);
      expect(refunded.stdout.trim()).toMatch(
        new RegExp(`^Order ${order.number}: [\\d,]+ € refunded, credit note A\\d{4}-\\d{6}$`),
      );
      const shown = await run(["show", order.number]);
      expect(shown.stdout).toMatch(/^1\. 1 × \S+ .+\(1 refunded\)$/m);
      expect(shown.stdout).toMatch(/^ {3}credit-note A\d{4}-\d{6} /m);
      const badLine = await run(["refund", order.number, "one:1"]).catch((error: { code: number }) => error);
      expect(badLine).toMatchObject({ code: 2 });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
