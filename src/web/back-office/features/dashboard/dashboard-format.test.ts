import { describe, expect, it } from "vitest";
import { euros, longDay, shortDay } from "./dashboard-format.ts";

describe("the dashboard's texts", () => {
  it("writes a day of the shop's clock in Spanish", () => {
    expect(shortDay("2026-11-27")).toBe("27 nov");
    expect(shortDay("2026-01-05")).toBe("5 ene");
    expect(longDay("2026-11-27")).toBe("vie 27 nov");
    expect(longDay("2026-03-29")).toBe("dom 29 mar");
  });

  it("writes cents as euros, and no basket as a dash", () => {
    expect(euros(123450)).toBe("1234,50\u00a0€");
    expect(euros(1234500)).toBe("12.345,00\u00a0€");
    expect(euros(null)).toBe("—");
  });
});
