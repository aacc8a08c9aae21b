import { describe, expect, it } from "vitest";
import { unitPriceAt, vatIncluded, vatRate } from "./vat.ts";

describe("VAT by destination", () => {
  it("charges each territory's rates, and none outside the EU VAT area", () => {
    expect(vatRate("es-peninsula", "general")).toBe(21);
    expect(vatRate("es-balearic", "reduced")).toBe(4);
    expect(vatRate("pt-mainland", "general")).toBe(23);
    expect(vatRate("pt-mainland", "reduced")).toBe(6);
    expect(vatRate("pt-madeira", "general")).toBe(22);
    expect(vatRate("pt-madeira", "reduced")).toBe(5);
    expect(vatRate("pt-azores", "general")).toBe(16);
    expect(vatRate("pt-azores", "reduced")).toBe(4);
    expect(vatRate("es-canary", "general")).toBeNull();
    expect(vatRate("es-ceuta-melilla", "reduced")).toBeNull();
  });

  it("finds the VAT inside a price that includes it", () => {
    expect(vatIncluded(1210, 21)).toBe(210);
    expect(vatIncluded(1040, 4)).toBe(40);
    expect(vatIncluded(1999, 23)).toBe(374);
  });

  it("keeps the catalogue price in the EU and takes the Spanish VAT off where none is charged", () => {
    expect(unitPriceAt("pt-azores", "general", 2495)).toBe(2495);
    expect(unitPriceAt("es-canary", "general", 1210)).toBe(1000);
    expect(unitPriceAt("es-ceuta-melilla", "reduced", 1040)).toBe(1000);
  });
});
