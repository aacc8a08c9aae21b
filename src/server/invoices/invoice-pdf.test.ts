import { describe, expect, it } from "vitest";
import type { OrderView } from "#shared/api/order-contract.ts";
import { documentFigures } from "./invoice-pdf.ts";

const line = (code: string, quantity: number, unitCents: number) => ({
  productId: 1,
  code,
  name: `Producto ${code}`,
  quantity,
  unitCents,
  totalCents: quantity * unitCents,
  vatRate: 21,
  refundedQuantity: 0,
});

const order = {
  lines: [line("A0001", 3, 1000), line("A0002", 1, 500)],
  totals: {
    subtotalCents: 3500,
    discountCents: 350,
    shippingCents: 495,
    vat: [{ ratePercent: 21, baseCents: 3012, vatCents: 633 }],
    totalCents: 3645,
  },
} satisfies Pick<OrderView, "lines" | "totals">;

describe("a document's figures", () => {
  it("are the whole order's for an invoice or a credit note of the whole order", () => {
    expect(documentFigures({ order })).toEqual({ ...order.totals, lines: order.lines });
  });

  it("are the refund's own for a credit note of a refund by line: its units, discount and shipping", () => {
    const refund = {
      lines: [{ position: 0, quantity: 1, grossCents: 1000, discountCents: 100 }],
      shippingCents: 495,
      vat: [{ ratePercent: 21, baseCents: 1153, vatCents: 242 }],
      totalCents: 1395,
    };
    expect(documentFigures({ order, refund })).toEqual({
      lines: [
        {
          code: "A0001",
          name: "Producto A0001",
          quantity: 1,
          unitCents: 1000,
          vatRate: 21,
          totalCents: 1000,
        },
      ],
      subtotalCents: 1000,
      discountCents: 100,
      shippingCents: 495,
      vat: refund.vat,
      totalCents: 1395,
    });
  });
});
