import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { serve } from "@hono/node-server";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#shared/api/error-contract.ts";
import type { OperatorStats } from "#shared/api/operator-stats-contract.ts";
import type {
  CreditNoteSummary,
  OperatorOrderAnswer,
  OperatorOrderRow,
  OperatorStepAnswer,
  OrderView,
} from "#shared/api/order-contract.ts";
import type { OrderLinkView } from "#shared/api/order-link-contract.ts";
import { hasControlCharacters } from "#shared/text.ts";
import { auditOf } from "../audit/staff-audit.ts";
import { mailOutbox, orderEvent, productStock, shopOrder, staffAudit } from "../db/schema.ts";
import { lisbonAddress, orderRequest } from "../testing/order-fixtures.ts";
import { createTestApi, TEST_OPERATOR_TOKEN, type TestApi } from "../testing/test-app.ts";
import { body, payOrder, quote, shopperWithCart, shopperWithOrder } from "../testing/test-orders.ts";

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

const parcel = { carrier: "envios-veloz", trackingNumber: "EV-0001" };

/** Ships with a carrier and a tracking number (issue 30); any other body is sent as it is. */
const ship = (number: string, json: unknown = parcel, token = TEST_OPERATOR_TOKEN) =>
  api.request(`/api/operator/orders/${number}/ship`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(json),
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
    expect((await ship(order.number, parcel, "x".repeat(40))).status).toBe(401);
  });

  it("prepares, ships and delivers an order, each step in its history; no going back", async () => {
    const { shopper, order } = await shopperWithOrder(api, "steps@example.com", { 2: 1 });
    expect(await body(await operator(order.number, "prepare"), 200)).toEqual({
      number: order.number,
      status: "preparando",
      changed: true,
      shipment: null,
    });
    await body(await ship(order.number), 200);
    expect(await body(await ship(order.number), 200)).toMatchObject({ changed: false });
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
    await body(await ship(older.number), 200);

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
    expect((await ship("2026-999999")).status).toBe(404);
    expect((await operator("2026-000001", "teleport")).status).toBe(400);
    expect((await ship("not-a-number")).status).toBe(400);
  });
});

const readAsOperator = async (number: string) =>
  body<OperatorOrderAnswer>(
    await api.request(`/api/operator/orders/${number}`, {
      headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
    }),
    200,
  );

describe("shipping with a carrier and a tracking number (issue 30)", () => {
  it("refuses a ship without a known carrier or a good tracking number, and changes nothing", async () => {
    const { order } = await shopperWithOrder(api, "ship-refused@example.com", { 3: 1 });
    const refusals: [unknown, string, string][] = [
      [{ trackingNumber: "EV-0001" }, "carrier", "carrier-required"],
      [{ carrier: "palomas-mensajeras", trackingNumber: "EV-0001" }, "carrier", "carrier-unknown"],
      [{ carrier: "Envíos Veloz", trackingNumber: "EV-0001" }, "carrier", "carrier-unknown"],
      [{ carrier: "envios-veloz" }, "trackingNumber", "tracking-number-required"],
      [{ carrier: "envios-veloz", trackingNumber: "EV 0001" }, "trackingNumber", "tracking-number-invalid"],
      [{ carrier: "envios-veloz", trackingNumber: "EV1" }, "trackingNumber", "tracking-number-invalid"],
      [{ carrier: "envios-veloz", trackingNumber: 12345 }, "trackingNumber", "tracking-number-invalid"],
    ];
    for (const [json, field, message] of refusals) {
      const refused = await body<ApiErrorBody>(await ship(order.number, json), 400);
      expect(refused.error.code, JSON.stringify(json)).toBe("invalid-request");
      expect(refused.error.fields?.[field], JSON.stringify(json)).toBe(message);
    }
    const extra = await body<ApiErrorBody>(await ship(order.number, { ...parcel, surprise: true }), 400);
    expect(extra.error.code).toBe("invalid-request");
    // No body at all, and a body that is no JSON.
    expect((await operator(order.number, "ship")).status).toBe(400);
    const notJson = await api.request(`/api/operator/orders/${order.number}/ship`, {
      method: "POST",
      headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}`, "content-type": "application/json" },
      body: "{carrier",
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ error: { code: "invalid-request" } });
    const [row] = await api.database.db.select().from(shopOrder).where(eq(shopOrder.id, order.id));
    expect(row).toMatchObject({ status: "pagado", carrier: null, trackingNumber: null });
    expect(await auditOf(api.database.db, "order", order.number)).toEqual([]);
  });

  it("stores the parcel with the status; the shopper's order, the order link and the mail carry the link", async () => {
    const { shopper, order } = await shopperWithOrder(api, "ship-tracked@example.com", { 4: 1 });
    const shipped = await body<OperatorStepAnswer>(
      await ship(order.number, { carrier: "correo-iberico", trackingNumber: " pk-2026-77 " }),
      200,
    );
    const url = "https://www.correo-iberico.example/localizar?codigo=PK-2026-77";
    const shipment = { carrier: "Correo Ibérico Express", number: "PK-2026-77", url };
    expect(shipped).toEqual({ number: order.number, status: "enviado", changed: true, shipment });
    const [row] = await api.database.db.select().from(shopOrder).where(eq(shopOrder.id, order.id));
    expect(row).toMatchObject({ status: "enviado", carrier: "correo-iberico", trackingNumber: "PK-2026-77" });

    const seen = await body<OrderView>(await shopper("GET", `/api/orders/${order.id}`), 200);
    expect(seen.shipment).toEqual(shipment);

    const [mail] = await api.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.key, `order:${order.id}:enviado`));
    expect(mail?.text).toContain("Lo lleva Correo Ibérico Express con el número de seguimiento PK-2026-77.");
    expect(mail?.text).toContain(`Seguir mi envío: ${url}`);
    expect(mail?.html).toContain(`<a href="${url}">Seguir mi envío</a>`);
    await api.deliverMail();
    expect(
      api.mails.find((sent) => sent.subject.includes(order.number) && sent.text.includes(url)),
    ).toBeDefined();

    // The order's signed link, from that mail: the same parcel, for whoever holds it.
    const link = new URL(mail?.text.match(/http\S+\/pedido\/\S+/)?.[0] ?? "http://x/");
    const token = link.searchParams.get("clave") ?? "";
    const linked = await body<OrderLinkView>(
      await api.request(`/api/order-links/${order.id}?clave=${encodeURIComponent(token)}`),
      200,
    );
    expect(linked.order.shipment).toEqual(shipment);

    // Shipping again: the same parcel is done already; another parcel is refused.
    expect(
      await body<OperatorStepAnswer>(
        await ship(order.number, { carrier: "correo-iberico", trackingNumber: "PK-2026-77" }),
        200,
      ),
    ).toMatchObject({ changed: false, shipment });
    const other = await body<ApiErrorBody>(await ship(order.number), 409);
    expect(other.error.code).toBe("shipped-otherwise");
    const [after] = await api.database.db.select().from(shopOrder).where(eq(shopOrder.id, order.id));
    expect(after).toMatchObject({ carrier: "correo-iberico", trackingNumber: "PK-2026-77" });
  });

  it("ships an order once when two people ship it with different parcels at once", async () => {
    const { order } = await shopperWithOrder(api, "ship-race@example.com", { 5: 1 });
    const answers = await Promise.all([
      ship(order.number, { carrier: "envios-veloz", trackingNumber: "RACE-A" }),
      ship(order.number, { carrier: "luso-entregas", trackingNumber: "RACE-B" }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const [row] = await api.database.db.select().from(shopOrder).where(eq(shopOrder.id, order.id));
    const audit = await auditOf(api.database.db, "order", order.number);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toEqual({
      status: "enviado",
      carrier: row?.carrier,
      trackingNumber: row?.trackingNumber,
    });
  });
});

describe("the audit of the operator's actions (issue 30)", () => {
  it("keeps every step and refund with before → after, in order, on the order's answer", async () => {
    const { order } = await shopperWithOrder(api, "audited@example.com", { 6: 2, 7: 1 });
    await body(await operator(order.number, "prepare"), 200);
    await body(await ship(order.number, { ...parcel, note: "Caja grande" }), 200);
    const refund = { lines: [{ position: 0, quantity: 1 }], shipping: false, restock: false, note: "Roto" };
    const refunded = await api.request(`/api/operator/orders/${order.number}/refunds`, {
      method: "POST",
      headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify(refund),
    });
    const { creditNote, amountCents } = await body<{ creditNote: string; amountCents: number }>(
      refunded,
      201,
    );
    await body(await operator(order.number, "deliver"), 200);
    // A step refused, or already taken, changes nothing and so is not recorded.
    await body(await operator(order.number, "prepare"), 409);
    await body(await operator(order.number, "deliver"), 200);

    const { order: view, history } = await readAsOperator(order.number);
    expect(view).toMatchObject({ id: order.id, status: "entregado", shipment: { number: "EV-0001" } });
    expect(view.address.phone).toBe(order.address.phone);
    expect(history.map((entry) => [entry.actor, entry.action])).toEqual([
      ["operator-token", "order.prepare"],
      ["operator-token", "order.ship"],
      ["operator-token", "order.refund"],
      ["operator-token", "order.deliver"],
    ]);
    expect(history[0]).toMatchObject({
      before: { status: "pagado" },
      after: { status: "preparando" },
      note: "",
    });
    expect(history[1]).toMatchObject({
      before: { status: "preparando", carrier: null, trackingNumber: null },
      after: { status: "enviado", carrier: "envios-veloz", trackingNumber: "EV-0001" },
      note: "Caja grande",
    });
    expect(history[2]).toMatchObject({
      before: { status: "enviado", shippingRefunded: false },
      after: {
        status: "enviado",
        creditNote,
        amountCents,
        lines: [{ position: 0, quantity: 1 }],
        shippingCents: 0,
        restock: false,
      },
      note: "Roto",
    });
    expect(history[3]).toMatchObject({ before: { status: "enviado" }, after: { status: "entregado" } });
    const times = history.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The shopper's own history shows none of the staff's notes.
    expect(view.history.map((event) => event.note)).not.toContain("Caja grande");
  });

  it("records an operator's cancel with its credit note, in the cancel's transaction", async () => {
    const { order } = await shopperWithOrder(api, "audited-cancel@example.com", { 8: 1 });
    await body(await operator(order.number, "cancel"), 200);
    const [entry] = await auditOf(api.database.db, "order", order.number);
    expect(entry).toMatchObject({
      actor: "operator-token",
      staffId: null,
      action: "order.cancel",
      subjectType: "order",
      before: { status: "pagado" },
      after: { status: "cancelado", creditNote: expect.stringMatching(/^A\d{4}-\d{6}$/) },
    });
  });

  it("records the test Multibanco payment the operator says was made", async () => {
    const { shopper, addressId } = await shopperWithCart(
      api,
      "audited-mb@example.com",
      { 9: 1 },
      lisbonAddress,
    );
    const { totals } = await quote(shopper, addressId);
    const placed = await body<OrderView>(
      await shopper("POST", "/api/orders", orderRequest(addressId, totals.totalCents)),
      201,
    );
    const given = await payOrder(shopper, placed.id, { method: "multibanco" });
    const reference = given.multibanco?.reference ?? "";
    await body(
      await api.request(`/api/operator/test-payments/multibanco/${reference}/paid`, {
        method: "POST",
        headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
      }),
      200,
    );
    const paid = await body<OrderView>(await shopper("GET", `/api/orders/${placed.id}`), 200);
    expect(paid.number).not.toBeNull();
    const { history } = await readAsOperator(paid.number ?? "");
    expect(history).toMatchObject([
      {
        actor: "operator-token",
        action: "order.multibanco-test-paid",
        before: { status: "pendiente-pago" },
        after: { status: "pagado", reference },
      },
    ]);
  });

  it("cannot be changed or deleted, not even with SQL", async () => {
    const { order } = await shopperWithOrder(api, "audit-kept@example.com", { 10: 1 });
    await body(await operator(order.number, "prepare"), 200);
    const { db } = api.database;
    const [kept] = await auditOf(db, "order", order.number);
    expect(kept).toBeDefined();
    await expect(
      db
        .update(staffAudit)
        .set({ note: "nada que ver" })
        .where(eq(staffAudit.id, kept?.id ?? "")),
    ).rejects.toThrow();
    await expect(db.delete(staffAudit).where(eq(staffAudit.id, kept?.id ?? ""))).rejects.toThrow();
    await expect(db.delete(staffAudit)).rejects.toThrow();
    expect(await auditOf(db, "order", order.number)).toEqual([kept]);
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
    await body(await ship(order.number), 200);
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
    await body(await ship(order.number), 200);
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
  // Ten runs of the command, each a new Node process: slow to start on a busy two-core machine.
  it("ships and refunds an order from the command line against a running shop", {
    timeout: 300_000,
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
      // Shipping needs a carrier and a tracking number: the command says so, listing the carriers.
      const noCarrier = await run(["ship", order.number]).catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect(noCarrier).toMatchObject({ code: 2 });
      const told = "stderr" in noCarrier ? noCarrier.stderr : "";
      expect(told).toContain("Falta el transportista");
      for (const carrier of ["envios-veloz", "correo-iberico", "luso-entregas"])
        expect(told).toContain(carrier);
      const badNumber = await run([
        "ship",
        order.number,
        "--carrier",
        "envios-veloz",
        "--tracking",
        "AB",
      ]).catch((error: { code: number; stderr: string }) => error);
      expect(badNumber).toMatchObject({ code: 2 });
      expect("stderr" in badNumber ? badNumber.stderr : "").toContain("no es válido");
      const { stdout } = await run([
        "ship",
        order.number,
        "--carrier",
        "envios-veloz",
        "--tracking",
        " abc123 ",
      ]);
      expect(stdout.trim().split("\n")).toEqual([
        `Order ${order.number}: enviado`,
        "   Envíos Veloz ABC123 https://seguimiento.envios-veloz.example/envio/ABC123",
      ]);
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
      // What packing needs: where it goes and who to call, then who did what, oldest first.
      const { address } = order;
      expect(shown.stdout).toContain(`   ${address.street}`);
      expect(shown.stdout).toContain(`   ${address.postalCode} ${address.city} (${address.country})`);
      expect(shown.stdout).toContain(`   tel. ${address.phone}`);
      expect(shown.stdout).toMatch(
        /operator-token {2}order\.ship {2}status=pagado carrier=null trackingNumber=null → status=enviado carrier=envios-veloz trackingNumber=ABC123\n/,
      );
      expect(shown.stdout).toMatch(
        /operator-token {2}order\.refund {2}.* → .*creditNote=A\d{4}-\d{6}.* {2}«Llegó roto»/,
      );
      expect(shown.stdout.indexOf("order.ship")).toBeLessThan(shown.stdout.indexOf("order.refund"));
      const badLine = await run(["refund", order.number, "one:1"]).catch((error: { code: number }) => error);
      expect(badLine).toMatchObject({ code: 2 });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
