import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StaffOrderList, staffOrderListQuerySchema } from "#shared/api/back-office-contract.ts";
import type { OrderStatus } from "#shared/api/order-contract.ts";
import type { PaymentMethodKind } from "#shared/api/payment-contract.ts";
import type { ShippingZone } from "#shared/checkout/zones.ts";
import type { Database, DatabaseHandle } from "../db/client.ts";
import { orderLine, payment, shopOrder } from "../db/schema.ts";
import { createTestApi, type TestApi } from "../testing/test-app.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { shopperWithOrder } from "../testing/test-orders.ts";
import { searchOrders } from "./order-search.ts";

type Fixture = {
  number: string | null;
  status: OrderStatus;
  placedAt: string;
  name: string;
  lastName: string;
  email: string;
  phone: string;
  city: string;
  zone: ShippingZone;
  method: PaymentMethodKind | null;
  quantities: number[];
  totalCents: number;
};

/** Orders stored as the checkout stores them, with their lines and payment, straight in the tables. */
async function insertOrders(db: Database, fixtures: Fixture[]): Promise<void> {
  const rows = fixtures.map((fixture) => ({ id: randomUUID(), ...fixture }));
  const portuguese = (zone: ShippingZone) => zone.startsWith("pt");
  await db.insert(shopOrder).values(
    rows.map((row) => ({
      id: row.id,
      number: row.number,
      idempotencyKey: randomUUID(),
      status: row.status,
      lang: portuguese(row.zone) ? ("pt" as const) : ("es" as const),
      zone: row.zone,
      shippingMethod: "standard" as const,
      address: {
        name: row.name,
        lastName: row.lastName,
        street: "Calle Mayor 1",
        floorDoor: "",
        postalCode: portuguese(row.zone) ? "1100-053" : "28013",
        city: row.city,
        country: portuguese(row.zone) ? ("PT" as const) : ("ES" as const),
        region: portuguese(row.zone) ? "11" : "28",
        phone: row.phone,
      },
      buyer: { name: row.name, lastName: row.lastName, email: row.email, company: "", taxId: "" },
      subtotalCents: row.totalCents,
      discountCents: 0,
      shippingCents: 0,
      totalCents: row.totalCents,
      vat: [],
      deliveryFrom: "2026-01-05",
      deliveryTo: "2026-01-07",
      placedAt: new Date(row.placedAt),
    })),
  );
  await db.insert(orderLine).values(
    rows.flatMap((row) =>
      row.quantities.map((quantity, position) => ({
        orderId: row.id,
        position,
        productId: 1 + position,
        code: `MB-${position}`,
        name: "Miaubot",
        quantity,
        unitCents: 1000,
        totalCents: quantity * 1000,
        vatRate: 21,
      })),
    ),
  );
  await db.insert(payment).values(
    rows.map((row) => ({
      orderId: row.id,
      provider: "test",
      reference: randomUUID(),
      status: row.number === null ? ("pending" as const) : ("captured" as const),
      amountCents: row.totalCents,
      method: row.method,
    })),
  );
}

const base: Pick<Fixture, "city" | "zone" | "method" | "quantities"> = {
  city: "Madrid",
  zone: "es-peninsula",
  method: "card",
  quantities: [1],
};
const fixtures = {
  a: {
    ...base,
    number: "2025-000001",
    status: "entregado",
    placedAt: "2025-06-10T10:00:00Z",
    name: "Ana",
    lastName: "García",
    email: "ana.garcia@example.com",
    phone: "612 345 678",
    quantities: [2, 1],
    totalCents: 5000,
  },
  b: {
    ...base,
    number: "2025-000002",
    status: "enviado",
    placedAt: "2025-12-31T23:30:00Z",
    name: "José",
    lastName: "Álvarez Núñez",
    email: "jose.alvarez@correo.es",
    phone: "+34 699 111 222",
    city: "Las Palmas de Gran Canaria",
    zone: "es-canary",
    method: "bizum",
    totalCents: 12000,
  },
  c: {
    ...base,
    number: "2026-000001",
    status: "pagado",
    placedAt: "2026-01-01T10:00:00Z",
    name: "Maria",
    lastName: "Silva",
    email: "maria.silva@exemplo.pt",
    phone: "+351 912 345 678",
    city: "Lisboa",
    zone: "pt-mainland",
    method: "mb_way",
    quantities: [1, 1, 1],
    totalCents: 3000,
  },
  d: {
    ...base,
    number: "2026-000002",
    status: "preparando",
    placedAt: "2026-01-02T12:00:00Z",
    name: "João",
    lastName: "Conceição",
    email: "joao.c@exemplo.pt",
    phone: "00351 212 345 678",
    city: "Ponta Delgada",
    zone: "pt-azores",
    method: "multibanco",
    quantities: [4],
    totalCents: 8000,
  },
  e: {
    ...base,
    number: "2025-000003",
    status: "cancelado",
    placedAt: "2025-12-31T22:30:00Z",
    name: "Ana",
    lastName: "Pérez",
    email: "ana.perez@example.com",
    phone: "699111333",
    city: "Palma",
    zone: "es-balearic",
    totalCents: 1500,
  },
} satisfies Record<string, Fixture>;
/** Never paid: no number, never listed, though they match searches the others answer. */
const unpaid: Fixture[] = [
  {
    ...base,
    number: null,
    status: "pendiente-pago",
    placedAt: "2026-01-01T12:00:00Z",
    name: "Ana",
    lastName: "Gómez",
    email: "ana.gomez@example.com",
    phone: "612345678",
    method: null,
    totalCents: 2000,
  },
  {
    ...base,
    number: null,
    status: "caducado",
    placedAt: "2025-06-10T11:00:00Z",
    name: "Ana",
    lastName: "García",
    email: "ana.garcia@example.com",
    phone: "612 345 678",
    method: null,
    totalCents: 2000,
  },
];
/** Thirty orders to Ceuta in March 2024, an hour apart, with totals that tie in threes. */
const ceuta = Array.from(
  { length: 30 },
  (_, index): Fixture => ({
    ...base,
    number: `2024-${String(index + 1).padStart(6, "0")}`,
    status: "entregado",
    placedAt: new Date(Date.UTC(2024, 2, 1, index)).toISOString(),
    name: "Pablo",
    lastName: `Prieto ${index + 1}`,
    email: `pablo${index + 1}@example.com`,
    phone: `650 000 ${String(index + 1).padStart(3, "0")}`,
    city: "Ceuta",
    zone: "es-ceuta-melilla",
    totalCents: 1000 + (index % 3) * 10,
  }),
);
const ceutaNewestFirst = ceuta.map((order) => order.number).reverse();

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
  await insertOrders(database.db, [...Object.values(fixtures), ...unpaid, ...ceuta]);
});
afterAll(() => database.close());

const list = (query: Record<string, string | string[]>): Promise<StaffOrderList> =>
  searchOrders(database.db, staffOrderListQuerySchema.parse(query));
const numbers = async (query: Record<string, string | string[]>) =>
  (await list({ pageSize: "100", ...query })).items.map((row) => row.number);
const { a, b, c, d, e } = fixtures;

describe("the back office's order list", () => {
  it("lists the numbered orders only, newest first, with what each row shows", async () => {
    const answer = await list({});
    expect(answer.total).toBe(35);
    expect(answer).toMatchObject({ page: 1, pageSize: 25 });
    expect(answer.items).toHaveLength(25);
    expect(answer.items.slice(0, 6).map((row) => row.number)).toEqual([
      d.number,
      c.number,
      b.number,
      e.number,
      a.number,
      ceutaNewestFirst[0],
    ]);
    expect(answer.items[2]).toEqual({
      number: "2025-000002",
      status: "enviado",
      placedAt: "2025-12-31T23:30:00.000Z",
      buyer: "José Álvarez Núñez",
      email: "jose.alvarez@correo.es",
      phone: "+34 699 111 222",
      destination: { city: "Las Palmas de Gran Canaria", zone: "es-canary" },
      method: "bizum",
      units: 1,
      totalCents: 12000,
    });
    expect(answer.items[4]).toMatchObject({ number: a.number, units: 3, method: "card" });
  });

  it("finds an order by its number or the start of it", async () => {
    expect(await numbers({ q: "2026-000001" })).toEqual([c.number]);
    expect(await numbers({ q: "2026-00000" })).toEqual([d.number, c.number]);
    expect(await numbers({ q: "2025" })).toEqual([b.number, e.number, a.number]);
    // 2024-000010 to 2024-000019 (2024-0000 would be every one up to 2024-000099).
    expect((await list({ q: "2024-00001" })).total).toBe(10);
  });

  it("finds an order by its buyer's e-mail or its start, whatever the case", async () => {
    expect(await numbers({ q: "JOSE.Alv" })).toEqual([b.number]);
    expect(await numbers({ q: "maria.silva@exemplo.pt" })).toEqual([c.number]);
    expect(await numbers({ q: "ana." })).toEqual([e.number, a.number]);
    expect(await numbers({ q: "ana.gomez" })).toEqual([]);
    // Typed wildcards are themselves: no e-mail has a % in it.
    expect(await numbers({ q: "ana%" })).toEqual([]);
    expect(await numbers({ q: "%" })).toEqual([]);
  });

  it("finds an order by its buyer's name or last name, from its start, case and accents aside", async () => {
    expect(await numbers({ q: "garcia" })).toEqual([a.number]);
    expect(await numbers({ q: "ÁLVAREZ" })).toEqual([b.number]);
    expect(await numbers({ q: "jose  alvarez n" })).toEqual([b.number]);
    expect(await numbers({ q: "conceicao" })).toEqual([d.number]);
    expect(await numbers({ q: "JOÃO" })).toEqual([d.number]);
    expect(await numbers({ q: "maría" })).toEqual([c.number]);
    expect(await numbers({ q: "ana" })).toEqual([e.number, a.number]);
    expect(await numbers({ q: "ana p" })).toEqual([e.number]);
  });

  it("finds an order by its phone's digits, with or without the country's prefix", async () => {
    expect(await numbers({ q: "612 345 678" })).toEqual([a.number]);
    expect(await numbers({ q: "+34 699 111" })).toEqual([b.number, e.number]);
    expect(await numbers({ q: "0034699111222" })).toEqual([b.number]);
    expect(await numbers({ q: "(+34) 699-111-333" })).toEqual([e.number]);
    expect(await numbers({ q: "+351 912 345 678" })).toEqual([c.number]);
    expect(await numbers({ q: "212345678" })).toEqual([d.number]);
    expect(await numbers({ q: "912" })).toEqual([c.number]);
  });

  it("filters by status, one or several", async () => {
    expect(await numbers({ status: "enviado" })).toEqual([b.number]);
    expect(await numbers({ status: "pagado,preparando" })).toEqual([d.number, c.number]);
    expect(await numbers({ status: ["pagado", "cancelado"] })).toEqual([c.number, e.number]);
    expect(await numbers({ status: "pendiente-pago" })).toEqual([]);
  });

  it("filters by payment method and by destination zone", async () => {
    expect(await numbers({ method: "multibanco" })).toEqual([d.number]);
    expect(await numbers({ method: "bizum" })).toEqual([b.number]);
    expect((await list({ method: "card" })).total).toBe(32);
    expect(await numbers({ zone: "pt-azores" })).toEqual([d.number]);
    expect((await list({ zone: "es-ceuta-melilla" })).total).toBe(30);
    expect(await numbers({ zone: "es-canary", status: "enviado", q: "jose" })).toEqual([b.number]);
    expect(await numbers({ zone: "es-canary", status: "pagado" })).toEqual([]);
  });

  it("takes dates as whole days in Madrid", async () => {
    // 23:30 UTC on 31 December is half past midnight on 1 January in Madrid; 22:30 UTC is not.
    expect(await numbers({ from: "2026-01-01", to: "2026-01-01" })).toEqual([c.number, b.number]);
    expect(await numbers({ from: "2025-12-31", to: "2025-12-31" })).toEqual([e.number]);
    expect(await numbers({ from: "2026-01-02" })).toEqual([d.number]);
    expect((await list({ to: "2024-12-31" })).total).toBe(30);
  });

  it("sorts by date, total or number, either way", async () => {
    const since = { from: "2025-01-01" };
    expect(await numbers({ ...since, sort: "total", dir: "asc" })).toEqual(
      [e, c, a, d, b].map((o) => o.number),
    );
    expect(await numbers({ ...since, sort: "total" })).toEqual([b, d, a, c, e].map((o) => o.number));
    expect(await numbers({ ...since, sort: "number", dir: "asc" })).toEqual(
      [a, b, e, c, d].map((o) => o.number),
    );
    expect(await numbers({ ...since, sort: "number", dir: "desc" })).toEqual(
      [d, c, e, b, a].map((o) => o.number),
    );
    expect(await numbers({ ...since, dir: "asc" })).toEqual([a, e, b, c, d].map((o) => o.number));
  });

  it("pages through the matches, the total on every page, an empty page past the last", async () => {
    const page = (number: number, sort = "placedAt") =>
      list({ zone: "es-ceuta-melilla", sort, page: String(number) });
    const [first, second, past] = await Promise.all([page(1), page(2), page(3)]);
    expect(first.items.map((row) => row.number)).toEqual(ceutaNewestFirst.slice(0, 25));
    expect(second.items.map((row) => row.number)).toEqual(ceutaNewestFirst.slice(25));
    expect(past.items).toEqual([]);
    expect([first.total, second.total, past.total]).toEqual([30, 30, 30]);
    expect(second).toMatchObject({ page: 2, pageSize: 25 });
    // Totals tie in threes: the number breaks the ties, so pages neither repeat nor skip an order.
    const byTotal = [...(await page(1, "total")).items, ...(await page(2, "total")).items];
    expect(byTotal.map((row) => row.number)).toEqual(
      await numbers({ zone: "es-ceuta-melilla", sort: "total" }),
    );
    expect(new Set(byTotal.map((row) => row.number)).size).toBe(30);
    expect([first.hasNext, second.hasNext, past.hasNext]).toEqual([true, false, false]);
    expect([first.totalExact, second.totalExact]).toEqual([true, true]);
  });

  it("counts up to its depth, says more match, and pages no further than it", async () => {
    // 30 orders in Ceuta, against a list 27 deep (the shop's is 10,000).
    const deep = (page: number, q?: string) =>
      searchOrders(
        database.db,
        staffOrderListQuerySchema.parse({ zone: "es-ceuta-melilla", page: String(page), q }),
        27,
      );
    const [first, second, third] = await Promise.all([deep(1), deep(2), deep(3)]);
    expect([first.total, first.totalExact]).toEqual([27, false]);
    expect(first.items.map((row) => row.number)).toEqual(ceutaNewestFirst.slice(0, 25));
    expect(second.items.map((row) => row.number)).toEqual(ceutaNewestFirst.slice(25, 27));
    expect([first.hasNext, second.hasNext]).toEqual([true, false]);
    expect(third).toMatchObject({ items: [], hasNext: false, total: 27, totalExact: false });
    // A text search too ("Prieto" matches the 30 by last name).
    const named = await deep(2, "Prieto");
    expect(named).toMatchObject({ total: 27, totalExact: false, hasNext: false });
    expect(named.items).toHaveLength(2);
    // Within the depth the count is exact.
    const ceutaQuery = staffOrderListQuerySchema.parse({ zone: "es-ceuta-melilla" });
    expect(await searchOrders(database.db, ceutaQuery, 30)).toMatchObject({ total: 30, totalExact: true });
  });
});

describe("an order placed and paid through the shop", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  it("is found by its number, its buyer's e-mail and its phone", async () => {
    const { order } = await shopperWithOrder(api, "real.buyer@example.com", { 1: 2 });
    const find = async (q: string) =>
      (await searchOrders(api.database.db, staffOrderListQuerySchema.parse({ q }))).items;
    const [row] = await find(order.number);
    expect(row).toEqual({
      number: order.number,
      status: "pagado",
      placedAt: order.placedAt,
      buyer: `${order.buyer.name} ${order.buyer.lastName}`,
      email: "real.buyer@example.com",
      phone: order.address.phone,
      destination: { city: order.address.city, zone: "es-peninsula" },
      // As the order's own page tells it.
      method: order.payment?.method ?? null,
      units: 2,
      totalCents: order.totals.totalCents,
    });
    expect(await find("Real.Buyer@")).toEqual([row]);
    expect(await find(`+34 ${order.address.phone}`)).toEqual([row]);
  });
});
