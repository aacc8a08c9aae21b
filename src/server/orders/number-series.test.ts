import { describe, expect, it } from "vitest";
import { shopYear } from "./number-series.ts";

describe("the series' year (issue 31: order and invoice numbers)", () => {
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
