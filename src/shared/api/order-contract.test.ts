import { describe, expect, it } from "vitest";
import { quoteRequestSchema } from "./order-contract.ts";

const quote = (couponCode: string) => ({
  addressId: "7f1d2c3b-4a5e-4f60-8a9b-0c1d2e3f4a5b",
  shippingMethod: "standard",
  couponCode,
});

describe("a checkout's coupon code", () => {
  it("is read trimmed and upper-cased, as codes are kept", () => {
    const read = quoteRequestSchema.safeParse(quote("  bienvenida10 "));
    expect(read.success && read.data.couponCode).toBe("BIENVENIDA10");
  });

  it("refuses control characters before anything looks the code up (the API fuzz's NUL)", () => {
    for (const code of ["BIEN\u0000VENIDA", "A\u0007B", "\u001b[31m"]) {
      expect(quoteRequestSchema.safeParse(quote(code)).success).toBe(false);
    }
  });
});
