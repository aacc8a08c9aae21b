import { describe, expect, it } from "vitest";
import { subtotal, totalQuantity } from "./shopper-contract.ts";

describe("cart figures", () => {
  it("sums quantities, a line without cantidad counting as 0", () => {
    expect(totalQuantity([{ cantidad: 2 }, {}, { cantidad: null }, { cantidad: 3 }])).toBe(5);
    expect(totalQuantity([])).toBe(0);
  });

  it("adds prices in cents", () => {
    const lines = [
      { cantidad: 3, product: { precio: 0.1 } },
      { cantidad: 1, product: { precio: 0.2 } },
      { cantidad: 2, product: { precio: 133.95 } },
    ];
    expect(subtotal(lines)).toBe(268.4);
  });
});
