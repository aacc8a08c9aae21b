import { describe, expect, it } from "vitest";
import { formatPrice } from "./money.ts";

describe("formatPrice", () => {
  it("writes euros the Spanish and Portuguese way", () => {
    expect(formatPrice(12.95, "es").replace(/\s/g, " ")).toBe("12,95 €");
    expect(formatPrice(1.5, "pt").replace(/\s/g, " ")).toBe("1,50 €");
    expect(formatPrice(133.95, "es").replace(/\s/g, " ")).toBe("133,95 €");
  });
});
