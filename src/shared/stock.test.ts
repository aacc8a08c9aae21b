import { describe, expect, it } from "vitest";
import { LOW_STOCK_THRESHOLD, stockState } from "./stock.ts";

describe("stockState", () => {
  it("is out at zero (and below, should a count ever go wrong)", () => {
    expect(stockState(0)).toBe("out");
    expect(stockState(-1)).toBe("out");
  });

  it("is low from one unit up to the threshold", () => {
    expect(stockState(1)).toBe("low");
    expect(stockState(LOW_STOCK_THRESHOLD)).toBe("low");
  });

  it("is in stock above the threshold", () => {
    expect(stockState(LOW_STOCK_THRESHOLD + 1)).toBe("in");
    expect(stockState(100)).toBe("in");
  });
});
