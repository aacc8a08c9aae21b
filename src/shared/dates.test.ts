import { describe, expect, it } from "vitest";
import { formatShopDate, formatShopDateTime, shopYear } from "./dates.ts";

describe("shop dates", () => {
  it("shows a late-evening UTC moment on the next day, as Madrid's clock does", () => {
    expect(formatShopDate("2026-11-23T23:30:00Z", "es")).toBe("24 de noviembre de 2026");
    expect(formatShopDate("2026-11-23T23:30:00Z", "pt")).toBe("24 de novembro de 2026");
  });

  it("gives the time in Madrid, summer or winter", () => {
    expect(formatShopDateTime("2026-11-23T10:39:00Z", "es")).toMatch(/23 de noviembre de 2026.*11:39/);
    expect(formatShopDateTime("2026-07-01T10:39:00Z", "pt")).toMatch(/1 de julho de 2026.*12:39/);
  });
});

describe("the shop's year (issue 31: order and invoice series)", () => {
  it("is already the new one at 23:30 UTC on 31 December, half past midnight in Madrid", () => {
    expect(shopYear(new Date("2026-12-31T23:30:00Z"))).toBe(2027);
    expect(shopYear(new Date("2026-12-31T22:59:59Z"))).toBe(2026);
    expect(shopYear(new Date("2027-01-01T00:00:00+01:00"))).toBe(2027);
  });

  it("follows Madrid, not the server's zone, all year round", () => {
    expect(shopYear(new Date("2027-06-30T22:30:00Z"))).toBe(2027);
    expect(shopYear(new Date("2027-01-01T12:00:00Z"))).toBe(2027);
  });
});
