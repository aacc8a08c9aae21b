import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { backOfficeOrderApi } from "#shared/api/back-office-order-contract.ts";
import type { OperatorStats } from "#shared/api/operator-stats-contract.ts";
import type { OrderView } from "#shared/api/order-contract.ts";
import { auditOf } from "../audit/staff-audit.ts";
import { signedInStaff } from "../testing/back-office-staff.ts";
import { lisbonAddress, orderRequest } from "../testing/order-fixtures.ts";
import { createTestApi, TEST_OPERATOR_TOKEN, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { body, payOrder, quote, shopperWithCart, shopperWithOrder } from "../testing/test-orders.ts";

/**
 * What the operator token still does (decision 047): the process's figures, sending a newsletter
 * issue (newsletter.api.test.ts) and, in test mode, paying a test Multibanco reference. Orders are
 * moved from the back office only (back-office/order-steps.api.test.ts).
 */

let api: TestApi;
const OPERATOR_API = "/api/operator";

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const asOperator = (path: string, method = "POST", json?: unknown) =>
  api.request(path, {
    method,
    headers: {
      origin: TEST_ORIGIN,
      authorization: `Bearer ${TEST_OPERATOR_TOKEN}`,
      ...(json === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });

/** A shopper's order awaiting a Multibanco payment, delivered in Portugal: its id and reference. */
async function awaitingMultibanco(email: string) {
  const { shopper, addressId } = await shopperWithCart(api, email, { 9: 1 }, lisbonAddress);
  const { totals } = await quote(shopper, addressId);
  const placed = await body<OrderView>(
    await shopper("POST", "/api/orders", orderRequest(addressId, totals.totalCents)),
    201,
  );
  const given = await payOrder(shopper, placed.id, { method: "multibanco" });
  return { shopper, orderId: placed.id, reference: given.multibanco?.reference ?? "" };
}

describe("the operator token and orders (decision 047)", () => {
  it("no longer lists, reads, moves or refunds an order: only staff do, from the back office", async () => {
    const { order } = await shopperWithOrder(api, "token-retired@example.com", { 1: 1 });
    const parcel = { carrier: "envios-veloz", trackingNumber: "EV-0001" };
    // Where the retired order command sent them, and the back office's own action.
    const retired = `${OPERATOR_API}/orders`;
    const attempts: [string, string, unknown?][] = [
      ["GET", retired],
      ["GET", `${retired}/${order.number}`],
      ["POST", `${retired}/${order.number}/ship`, parcel],
      ["POST", `${retired}/${order.number}/prepare`],
      ["POST", `${retired}/${order.number}/cancel`],
      ["POST", `${retired}/${order.number}/refunds`, { lines: [{ position: 0, quantity: 1 }] }],
      // The token is no staff session either.
      ["POST", backOfficeOrderApi.action(order.number, "cancel"), {}],
    ];
    for (const [method, path, json] of attempts) {
      const answer = await asOperator(path, method, json);
      expect([401, 404], `${method} ${path}`).toContain(answer.status);
    }
    const staff = await signedInStaff(api, "token-retired.staff@example.com");
    const seen = await staff.get(backOfficeOrderApi.order(order.number));
    expect(z.object({ status: z.string() }).parse(await seen.json()).status).toBe("pagado");
    expect(await auditOf(api.database.db, "order", order.number)).toEqual([]);
  });
});

describe("the test Multibanco payment (decision 034)", () => {
  it("needs the operator token", async () => {
    const { reference } = await awaitingMultibanco("mb-token@example.com");
    const path = `${OPERATOR_API}/test-payments/multibanco/${reference}/paid`;
    expect((await api.request(path, { method: "POST" })).status).toBe(401);
    const wrong = await api.request(path, { method: "POST", headers: { authorization: "Bearer nope" } });
    expect(wrong.status).toBe(401);
  });

  it("records the test Multibanco payment the operator says was made", async () => {
    const { shopper, orderId, reference } = await awaitingMultibanco("audited-mb@example.com");
    await body(await asOperator(`${OPERATOR_API}/test-payments/multibanco/${reference}/paid`), 200);
    const paid = await body<OrderView>(await shopper("GET", `/api/orders/${orderId}`), 200);
    expect(paid.number).not.toBeNull();
    expect(await auditOf(api.database.db, "order", paid.number ?? "")).toMatchObject([
      {
        actor: "operator-token",
        action: "order.multibanco-test-paid",
        before: { status: "pendiente-pago" },
        after: { status: "pagado", reference },
      },
    ]);
    // Paid once: the reference no longer awaits payment.
    expect((await asOperator(`${OPERATOR_API}/test-payments/multibanco/${reference}/paid`)).status).toBe(404);
  });
});

describe("the process's figures", () => {
  it("tells the operator, and nobody else, the page cache and the memory in use", async () => {
    expect((await api.request(`${OPERATOR_API}/stats`)).status).toBe(401);
    const response = await api.request(`${OPERATOR_API}/stats`, {
      headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
    });
    expect(response.status).toBe(200);
    const stats = (await response.json()) as OperatorStats;
    // The API alone keeps no pages (the server's main does, decision 018).
    expect(stats.pageCache).toBeNull();
    expect(stats.memory.rssBytes).toBeGreaterThan(stats.memory.heapUsedBytes);
  });
});

describe("npm run test-payments", () => {
  // Each run of the command is a new Node process: slow to start on a busy two-core machine.
  it("pays a test Multibanco reference from the command line against a running shop", {
    timeout: 120_000,
  }, async () => {
    const { shopper, orderId, reference } = await awaitingMultibanco("cli-mb@example.com");
    const server = serve({ fetch: api.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      const run = (args: string[], token = TEST_OPERATOR_TOKEN) =>
        promisify(execFile)(process.execPath, ["scripts/test-payments.ts", ...args], {
          env: { ...process.env, SHOP_URL: `http://127.0.0.1:${port}`, OPERATOR_TOKEN: token },
        });
      const failed = (error: { code: number; stderr: string }) => error;
      const usage = await run(["multibanco-paid"]).catch(failed);
      expect(usage).toMatchObject({ code: 2 });
      const wrongToken = await run(["multibanco-paid", reference], "x".repeat(40)).catch(failed);
      expect(wrongToken).toMatchObject({ code: 1 });
      expect("stderr" in wrongToken ? wrongToken.stderr : "").toContain("Refused (401)");
      expect((await body<OrderView>(await shopper("GET", `/api/orders/${orderId}`), 200)).status).toBe(
        "pendiente-pago",
      );

      const { stdout } = await run(["multibanco-paid", reference]);
      expect(stdout.trim()).toBe(`Multibanco ${reference}: paid`);
      expect((await body<OrderView>(await shopper("GET", `/api/orders/${orderId}`), 200)).status).toBe(
        "pagado",
      );
      const again = await run(["multibanco-paid", reference]).catch(failed);
      expect(again).toMatchObject({ code: 1 });
      expect("stderr" in again ? again.stderr : "").toContain(
        "No test Multibanco reference awaiting payment",
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
