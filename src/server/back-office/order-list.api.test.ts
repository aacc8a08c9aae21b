import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { AddressForm } from "#shared/api/address-contract.ts";
import { type StaffOrderList, staffOrderListSchema } from "#shared/api/back-office-contract.ts";
import type { OrderView } from "#shared/api/order-contract.ts";
import type { PaymentSessionView } from "#shared/api/payment-contract.ts";
import { shopOrder, staffSession } from "../db/schema.ts";
import { applyIntent } from "../orders/order-payments.ts";
import { inviteFromCli, type StaffBrowser, staffMemberFrom } from "../staff/staff-testing.ts";
import { intentIdOf, lisbonAddress } from "../testing/order-fixtures.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import {
  body,
  madridAddress,
  orderRequest,
  payOrder,
  quote,
  shopperWithCart,
  type TestPayment,
} from "../testing/test-orders.ts";
import { signUpShopper } from "../testing/test-users.ts";
import { MAX_ORDER_STREAMS_PER_STAFF } from "./order-list.routes.ts";

let api: TestApi;
let staff: StaffBrowser;

/** A shopper's order placed and paid through the shop, with the invoice's name and a way to pay. */
async function paidOrder(
  email: string,
  invoice: { name: string; lastName: string },
  address: AddressForm,
  how: TestPayment,
): Promise<OrderView & { number: string }> {
  const { shopper, addressId } = await shopperWithCart(api, email, { 1: 1 }, address);
  const { totals } = await quote(shopper, addressId);
  const request = orderRequest(addressId, totals.totalCents, {
    invoice: { ...invoice, company: "", taxId: "" },
  });
  const placed = await body<OrderView>(await shopper("POST", "/api/orders", request), 201);
  await payOrder(shopper, placed.id, how);
  if (how.method !== "card") {
    // The shopper approves in their phone's app: the provider's page, then its news to the shop.
    const { clientSecret } = await body<PaymentSessionView>(
      await shopper("GET", `/api/orders/${placed.id}/payment`),
      200,
    );
    if (!api.testPayments) throw new Error("no test provider");
    const decided = await api.testPayments.decide(intentIdOf(clientSecret), clientSecret, "approve");
    await applyIntent(api.paying(), decided.state);
  }
  const paid = await body<OrderView>(await shopper("GET", `/api/orders/${placed.id}`), 200);
  if (paid.number === null) throw new Error(`order ${paid.id} not paid`);
  return { ...paid, number: paid.number };
}

let orders: Record<"lucia" | "maria" | "ana", OrderView & { number: string }>;

beforeAll(async () => {
  api = await createTestApi();
  const token = await inviteFromCli(api, "list.staff@example.com", "staff");
  ({ browser: staff } = await staffMemberFrom(api, token, { name: "Bea", password: "cometa-verde-rojo-17" }));
  const lucia = await paidOrder(
    "lucia.romero@example.com",
    { name: "Lucía", lastName: "Romero" },
    madridAddress,
    { method: "card", token: "tok_visa" },
  );
  const maria = await paidOrder(
    "maria.silva@exemplo.pt",
    { name: "Maria", lastName: "Silva" },
    lisbonAddress,
    { method: "mb_way", phone: "912345678" },
  );
  const ana = await paidOrder(
    "ana.garcia@example.com",
    { name: "Ana", lastName: "García" },
    { ...madridAddress, phone: "699 111 222" },
    { method: "bizum", phone: "699111222" },
  );
  orders = { lucia, maria, ana };
  // Shipped since (the back office's own step is another route's; here, as its result).
  await api.database.db
    .update(shopOrder)
    .set({ status: "enviado" })
    .where(eq(shopOrder.number, orders.ana.number));
}, 60_000);
afterAll(() => api.close());

async function listOf(query: string): Promise<StaffOrderList> {
  const answer = await staff.get(`/api/gestion/orders${query}`);
  expect(answer.status, await answer.clone().text()).toBe(200);
  expect(answer.headers.get("cache-control")).toBe("private, no-store");
  return staffOrderListSchema.parse(await answer.json());
}
const numbersOf = async (query: string) => (await listOf(query)).items.map((row) => row.number);

describe("GET /api/gestion/orders", () => {
  it("lists the paid orders, newest first, each as the list shows it", async () => {
    const list = await listOf("");
    expect(list).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect(list.items.map((row) => row.number)).toEqual(
      [orders.ana, orders.maria, orders.lucia].map((o) => o.number),
    );
    expect(list.items[1]).toEqual({
      number: orders.maria.number,
      status: "pagado",
      placedAt: orders.maria.placedAt,
      buyer: "Maria Silva",
      email: "maria.silva@exemplo.pt",
      phone: "+351 212 345 678",
      destination: { city: "Lisboa", zone: "pt-mainland" },
      method: "mb_way",
      units: 1,
      totalCents: orders.maria.totals.totalCents,
    });
  });

  it("finds an order by its number, e-mail, name or phone", async () => {
    expect(await numbersOf(`?q=${orders.lucia.number}`)).toEqual([orders.lucia.number]);
    expect(await numbersOf("?q=MARIA.SILVA%40exemplo")).toEqual([orders.maria.number]);
    expect(await numbersOf("?q=lucia")).toEqual([orders.lucia.number]);
    expect(await numbersOf("?q=Garc%C3%ADa")).toEqual([orders.ana.number]);
    expect(await numbersOf("?q=%2B34+699+111")).toEqual([orders.ana.number]);
    expect(await numbersOf("?q=nadie")).toEqual([]);
  });

  it("filters by status (one or several), payment method, destination zone and dates", async () => {
    expect(await numbersOf("?status=enviado")).toEqual([orders.ana.number]);
    expect(await numbersOf("?status=pagado&status=enviado&method=card")).toEqual([orders.lucia.number]);
    expect(await numbersOf("?method=mb_way")).toEqual([orders.maria.number]);
    expect(await numbersOf("?zone=pt-mainland")).toEqual([orders.maria.number]);
    expect(await numbersOf("?zone=es-peninsula&status=pagado")).toEqual([orders.lucia.number]);
    // The empty fields a form without script sends are fields not given.
    expect((await listOf("?q=&status=&from=&to=&method=&zone=&sort=&dir=")).total).toBe(3);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date());
    expect((await listOf(`?from=${today}&to=${today}`)).total).toBe(3);
    expect((await listOf("?to=2020-12-31")).total).toBe(0);
  });

  it("pages and sorts", async () => {
    // Twenty-seven older copies of Lucía's order, numbered in 2020, totals rising with the number.
    const [row] = await api.database.db
      .select()
      .from(shopOrder)
      .where(eq(shopOrder.number, orders.lucia.number));
    if (!row) throw new Error("no row");
    await api.database.db.insert(shopOrder).values(
      Array.from({ length: 27 }, (_, index) => ({
        ...row,
        id: randomUUID(),
        number: `2020-${String(index + 1).padStart(6, "0")}`,
        idempotencyKey: randomUUID(),
        totalCents: 100 + index,
        placedAt: new Date(Date.UTC(2020, 0, 1 + index)),
      })),
    );
    const first = await listOf("?page=1");
    const second = await listOf("?page=2");
    expect([first.total, second.total]).toEqual([30, 30]);
    expect([first.items.length, second.items.length]).toEqual([25, 5]);
    expect(second.items.at(-1)?.number).toBe("2020-000001");
    const all = [...first.items, ...second.items].map((item) => item.number);
    expect(new Set(all).size).toBe(30);
    expect((await listOf("?page=3")).items).toEqual([]);
    const fifty = await listOf("?pageSize=50");
    expect(fifty.items).toHaveLength(30);
    expect(fifty.pageSize).toBe(50);

    expect((await numbersOf("?sort=total&dir=asc")).slice(0, 2)).toEqual(["2020-000001", "2020-000002"]);
    const byTotal = (await listOf("?sort=total&dir=desc&pageSize=100")).items.map((item) => item.totalCents);
    expect(byTotal).toEqual([...byTotal].sort((a, b) => b - a));
    expect(await numbersOf("?sort=number&dir=asc&pageSize=25&page=2")).toEqual([
      "2020-000026",
      "2020-000027",
      ...[orders.lucia, orders.maria, orders.ana].map((o) => o.number),
    ]);
  });

  it("answers 400 with a JSON error for a query it cannot read", async () => {
    const errorBody = z.object({
      error: z.object({ code: z.literal("invalid-request"), fields: z.record(z.string(), z.string()) }),
    });
    for (const [query, field] of [
      ["?page=0", "page"],
      ["?pageSize=30", "pageSize"],
      ["?status=perdido", "status"],
      ["?from=2026-02-30", "from"],
      ["?from=2026-03-02&to=2026-03-01", "to"],
      ["?sort=price", "sort"],
      ["?method=cash", "method"],
      [`?q=${"a".repeat(101)}`, "q"],
    ] as const) {
      const answer = await staff.get(`/api/gestion/orders${query}`);
      expect(answer.status, query).toBe(400);
      const fields = Object.keys(errorBody.parse(await answer.json()).error.fields);
      expect(
        fields.some((name) => name.split(".")[0] === field),
        `${query}: ${fields.join()}`,
      ).toBe(true);
    }
  });

  it("answers a shopper's session, and nobody's, 401", async () => {
    const cookie = await signUpShopper(api, "list.shopper@example.com");
    for (const path of ["/api/gestion/orders", "/api/gestion/orders/events"]) {
      const signedOut = await api.request(path, { headers: { origin: TEST_ORIGIN } });
      const shopper = await api.request(path, { headers: { origin: TEST_ORIGIN, cookie } });
      expect([signedOut.status, shopper.status], path).toEqual([401, 401]);
    }
  });
});

/** The events of a server-sent stream, as they come: `{ event, data }`. */
function eventReader(response: Response) {
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) throw new Error("no stream");
  let buffer = "";
  return {
    /** The next event (keep-alive comments skipped); fails after `ms`. */
    async next(ms = 5000): Promise<{ event: string; data: string }> {
      const deadline = Date.now() + ms;
      for (;;) {
        const end = buffer.indexOf("\n\n");
        if (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split("\n")
              .filter((line) => !line.startsWith(":"))
              .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()]),
          );
          if (fields.event !== undefined) return { event: fields.event, data: fields.data ?? "" };
          continue;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no event within ${ms} ms (have: ${JSON.stringify(buffer)})`);
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error(`no event within ${ms} ms`)), left),
          ),
        ]);
        if (chunk.done) throw new Error("stream ended");
        buffer += chunk.value;
      }
    },
    cancel: () => reader.cancel(),
  };
}

describe("GET /api/gestion/orders/events", () => {
  it("tells an open list of each order as it is paid, through the database's NOTIFY", async () => {
    const stream = await staff.get("/api/gestion/orders/events");
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const events = eventReader(stream);
    const second = eventReader(await staff.get("/api/gestion/orders/events"));
    try {
      expect(await events.next()).toEqual({ event: "ready", data: "" });
      expect(await second.next()).toEqual({ event: "ready", data: "" });
      const order = await paidOrder(
        "nuevo.pedido@example.com",
        { name: "Nuevo", lastName: "Pedido" },
        madridAddress,
        { method: "card", token: "tok_visa" },
      );
      // Heard by LISTEN (a separate connection on PostgreSQL), as another process would hear it.
      expect(await events.next()).toEqual({ event: "order", data: order.number });
      expect(await second.next()).toEqual({ event: "order", data: order.number });
    } finally {
      await events.cancel();
      await second.cancel();
    }
  });

  it("closes a staff member's oldest stream beyond the limit, telling it not to come back", async () => {
    const open: ReturnType<typeof eventReader>[] = [];
    for (let index = 0; index <= MAX_ORDER_STREAMS_PER_STAFF; index++) {
      const events = eventReader(await staff.get("/api/gestion/orders/events"));
      expect(await events.next()).toEqual({ event: "ready", data: "" });
      open.push(events);
    }
    try {
      expect(await open[0]?.next()).toEqual({ event: "superseded", data: "" });
      // The others stay open: a new order reaches the newest.
      const order = await paidOrder(
        "otro.pedido@example.com",
        { name: "Otro", lastName: "Pedido" },
        madridAddress,
        { method: "card", token: "tok_visa" },
      );
      expect(await open.at(-1)?.next()).toEqual({ event: "order", data: order.number });
    } finally {
      for (const events of open) await events.cancel();
    }
  });
});

describe("an open order stream whose session ends", () => {
  let shop: TestApi;
  beforeAll(async () => {
    shop = await createTestApi({ orderStreamCheckMs: 100 });
  });
  afterAll(() => shop.close());

  const staffOf = async (email: string) => {
    const token = await inviteFromCli(shop, email, "staff");
    return (await staffMemberFrom(shop, token, { name: "Quim", password: "cometa-verde-rojo-17" })).browser;
  };

  it("is told signed-out and closed once the staff member signs out", async () => {
    const member = await staffOf("stream.out@example.com");
    const events = eventReader(await member.get("/api/gestion/orders/events"));
    try {
      expect(await events.next()).toEqual({ event: "ready", data: "" });
      expect((await member.post("/api/gestion/auth/sign-out")).status).toBe(200);
      expect(await events.next()).toEqual({ event: "signed-out", data: "" });
      await expect(events.next()).rejects.toThrow("stream ended");
    } finally {
      await events.cancel();
    }
  });

  it("is told signed-out once the session's time is over", async () => {
    const member = await staffOf("stream.expiry@example.com");
    const events = eventReader(await member.get("/api/gestion/orders/events"));
    try {
      expect(await events.next()).toEqual({ event: "ready", data: "" });
      // The eight hours pass (the stream itself was opened well within them).
      await shop.database.db.update(staffSession).set({ expiresAt: new Date(Date.now() - 1000) });
      expect(await events.next()).toEqual({ event: "signed-out", data: "" });
    } finally {
      await events.cancel();
    }
  });
});
