import { describe, expect, it } from "vitest";
import { normalizePostalCode } from "./postal-code.ts";
import { portugueseRegions, spanishProvinces } from "./regions.ts";

describe("postal codes", () => {
  it("lists Spain's 52 provinces and Portugal's 18 districts and 2 autonomous regions", () => {
    expect(spanishProvinces).toHaveLength(52);
    expect(new Set(spanishProvinces.map((p) => p.code)).size).toBe(52);
    expect(portugueseRegions).toHaveLength(20);
  });

  it("tidies what shoppers type", () => {
    expect(normalizePostalCode("ES", " 28 013 ")).toBe("28013");
    expect(normalizePostalCode("PT", "1100 053")).toBe("1100-053");
    expect(normalizePostalCode("PT", "1100-053")).toBe("1100-053");
    expect(normalizePostalCode("ES", "2801")).toBe("2801");
  });
});
