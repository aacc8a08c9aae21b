import { describe, expect, it } from "vitest";
import { orderLang, placeOrderQuerySchema } from "./order-lang.ts";

describe("an order's language", () => {
  it("is the one the shopper used, wherever the order goes", () => {
    expect(orderLang("es", "PT")).toBe("es");
    expect(orderLang("pt", "ES")).toBe("pt");
  });

  it("is that of the shipping country when the order arrived without one", () => {
    expect(orderLang(undefined, "PT")).toBe("pt");
    expect(orderLang(undefined, "ES")).toBe("es");
  });

  it("is left undecided by a query without one, rather than taken for Spanish", () => {
    expect(placeOrderQuerySchema.parse({})).toEqual({});
    expect(placeOrderQuerySchema.parse({ lang: "pt" })).toEqual({ lang: "pt" });
    expect(placeOrderQuerySchema.safeParse({ lang: "en" }).success).toBe(false);
  });
});
