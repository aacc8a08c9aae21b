import { describe, expect, it } from "vitest";
import { subtotalCents, totalQuantity } from "./shopper-contract.ts";

describe("cart figures", () => {
  it("sums quantities, a line without cantidad counting as 0", () => {
    expect(totalQuantity([{ cantidad: 2 }, {}, { cantidad: null }, { cantidad: 3 }])).toBe(5);
    expect(totalQuantity([])).toBe(0);
  });

  it("adds prices in cents", () => {
    const lines = [
      { cantidad: 3, product: { priceCents: 10 } },
      { cantidad: 1, product: { priceCents: 20 } },
      { cantidad: 2, product: { priceCents: 13395 } },
    ];
    expect(subtotalCents(lines)).toBe(26840);
  });
});
