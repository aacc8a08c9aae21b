import { describe, expect, it } from "vitest";
import { staffOrderListQuerySchema, staffOrderListSchema } from "./back-office-contract.ts";

const parse = (query: Record<string, string | string[]>) => staffOrderListQuerySchema.safeParse(query);

describe("the back office's order list query", () => {
  it("lists the newest orders first, 25 a page, when nothing is asked", () => {
    expect(staffOrderListQuerySchema.parse({})).toEqual({
      sort: "placedAt",
      dir: "desc",
      page: 1,
      pageSize: 25,
    });
  });

  it("reads a query string's text as typed values", () => {
    expect(
      staffOrderListQuerySchema.parse({
        q: "  Ana   García ",
        status: "pagado, enviado",
        from: "2026-01-01",
        to: "2026-01-31",
        method: "mb_way",
        zone: "pt-azores",
        sort: "total",
        dir: "asc",
        page: "3",
        pageSize: "100",
      }),
    ).toEqual({
      q: "Ana García",
      status: ["pagado", "enviado"],
      from: "2026-01-01",
      to: "2026-01-31",
      method: "mb_way",
      zone: "pt-azores",
      sort: "total",
      dir: "asc",
      page: 3,
      pageSize: 100,
    });
    expect(staffOrderListQuerySchema.parse({ status: ["pagado", "pagado", "devuelto"] }).status).toEqual([
      "pagado",
      "devuelto",
    ]);
  });

  it("takes a form's empty fields as not given", () => {
    expect(
      staffOrderListQuerySchema.parse({
        q: "   ",
        status: "",
        from: "",
        to: "",
        method: "",
        zone: "",
        sort: "",
        dir: "",
        page: "",
        pageSize: "",
      }),
    ).toEqual({ sort: "placedAt", dir: "desc", page: 1, pageSize: 25 });
  });

  it.each([
    ["an unknown status", { status: "perdido" }],
    ["an unknown status among good ones", { status: ["pagado", "perdido"] }],
    ["an impossible day", { from: "2026-02-30" }],
    ["a day written otherwise", { from: "01/01/2026" }],
    ["a day with a time", { to: "2026-01-01T10:00" }],
    ["an end before the start", { from: "2026-02-01", to: "2026-01-31" }],
    ["an unknown payment method", { method: "paypal" }],
    ["an unknown zone", { zone: "mars" }],
    ["an unknown sort", { sort: "name" }],
    ["an unknown direction", { dir: "up" }],
    ["page 0", { page: "0" }],
    ["a page that is no whole number", { page: "1.5" }],
    ["a page that is no number", { page: "abc" }],
    ["a page size not offered", { pageSize: "30" }],
    ["a text too long", { q: "a".repeat(101) }],
    ["a text with control characters", { q: "ana\u0000" }],
  ])("fails on %s", (_, query) => {
    expect(parse(query).success).toBe(false);
  });
});

describe("the back office's order list answer", () => {
  const row = {
    number: "2026-000001",
    status: "pagado",
    placedAt: "2026-01-01T10:00:00.000Z",
    buyer: "Ana García",
    email: "ana@example.com",
    phone: "612345678",
    destination: { city: "Madrid", zone: "es-peninsula" },
    method: null,
    units: 2,
    totalCents: 2990,
  };

  it("reads a page of rows as the API answers it", () => {
    const list = { items: [row], total: 1, totalExact: true, hasNext: false, page: 1, pageSize: 25 };
    expect(staffOrderListSchema.parse(list)).toEqual(list);
  });

  it("refuses an answer that is not one (a page size not offered, a row without its zone)", () => {
    const listFacts = { total: 1, totalExact: true, hasNext: false, page: 1 };
    expect(staffOrderListSchema.safeParse({ ...listFacts, items: [], pageSize: 30 }).success).toBe(false);
    const { destination: _gone, ...partial } = row;
    expect(staffOrderListSchema.safeParse({ ...listFacts, items: [partial], pageSize: 25 }).success).toBe(
      false,
    );
  });
});
