import { describe, expect, it } from "vitest";
import { formatShopDate, formatShopDateTime } from "./dates.ts";

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
