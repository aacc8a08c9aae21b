import { describe, expect, it } from "vitest";
import { quoteOf, type RefundableView, shipFormSchema, unitsRequest } from "./order-forms.ts";

const line = (
  position: number,
  quantity: number,
  unitCents: number,
  discountCents = 0,
  refundedQuantity = 0,
) => ({
  position,
  productId: position + 1,
  code: `A000${position}`,
  name: `Producto ${position}`,
  image: "",
  quantity,
  unitCents,
  totalCents: quantity * unitCents,
  discountCents,
  vatRate: 21,
  refundedQuantity,
});

const order = {
  lines: [line(0, 3, 1000, 300), line(1, 1, 500, 0, 1)],
  totals: { subtotalCents: 3500, discountCents: 300, shippingCents: 495, vat: [], totalCents: 3695 },
  shippingVatRate: 21,
  shippingRefunded: false,
} satisfies RefundableView;

describe("the refund and return forms", () => {
  it("send the units by position, leaving out empty and zero fields", () => {
    const values = { units: [2, Number.NaN], shipping: true, restock: false, note: "" };
    expect(unitsRequest(order, values)).toEqual({
      lines: [{ position: 0, quantity: 2 }],
      shipping: true,
      restock: false,
      note: "",
    });
  });

  it("show the amount the server will refund: the units' share of the discount and the shipping", () => {
    const quoted = quoteOf(order, { units: [1, 0], shipping: true, restock: true, note: "" });
    expect(quoted.ok && quoted.quote.totalCents).toBe(1000 - 100 + 495);
    const tooMany = quoteOf(order, { units: [0, 1], shipping: false, restock: true, note: "" });
    expect(tooMany).toEqual({ ok: false, error: "too-many-units" });
  });

  it("ask for a carrier before saying one is unknown", () => {
    const empty = shipFormSchema.safeParse({ carrier: "", trackingNumber: "EV-1234", note: "" });
    expect(empty.error?.issues[0]?.message).toBe("carrier-required");
  });
});
