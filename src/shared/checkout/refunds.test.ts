import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { quoteRefund, type RefundableOrder, remainingRequest } from "./refunds.ts";
import { orderTotals, priceLines } from "./totals.ts";
import { vatClasses, vatRate } from "./vat.ts";
import { type ShippingZone, shippingZones } from "./zones.ts";

/** An order as the shop stores it, from the same totals the checkout computes. */
function storedOrder(
  zone: ShippingZone,
  inputs: { quantity: number; catalogueCents: number; vatClass: "general" | "reduced" }[],
  percent: number,
): { order: RefundableOrder; totalCents: number; vat: ReturnType<typeof orderTotals>["vat"] } {
  const priced = priceLines(
    inputs.map((input, index) => ({ ...input, productId: index + 1, category: "Juguete" })),
    zone,
  );
  const subtotal = priced.reduce((sum, line) => sum + line.totalCents, 0);
  const discountCents = Math.floor((subtotal * percent) / 100);
  const coupon = { ok: true as const, discountCents, freeShipping: false, eligible: priced.map(() => true) };
  const totals = orderTotals(priced, zone, "standard", percent > 0 ? coupon : undefined);
  return {
    order: {
      lines: totals.lines.map((line, position) => ({
        position,
        quantity: line.quantity,
        unitCents: line.unitCents,
        discountCents: line.discountCents,
        vatRate: vatRate(zone, line.vatClass),
        refundedQuantity: 0,
      })),
      shippingCents: totals.shippingCents,
      shippingVatRate: vatRate(zone, "general"),
      shippingRefunded: false,
    },
    totalCents: totals.totalCents,
    vat: totals.vat,
  };
}

const orders = fc.record({
  zone: fc.constantFrom(...shippingZones),
  inputs: fc.array(
    fc.record({
      quantity: fc.integer({ min: 1, max: 7 }),
      catalogueCents: fc.integer({ min: 1, max: 20_000 }),
      vatClass: fc.constantFrom(...vatClasses),
    }),
    { minLength: 1, maxLength: 5 },
  ),
  percent: fc.integer({ min: 0, max: 100 }),
});

describe("refunds", () => {
  it("gives back the whole order as its invoice charged it, VAT by rate included", () => {
    fc.assert(
      fc.property(orders, ({ zone, inputs, percent }) => {
        const { order, totalCents, vat } = storedOrder(zone, inputs, percent);
        const outcome = quoteRefund(order, remainingRequest(order));
        if (totalCents === 0) return;
        expect(outcome).toMatchObject({ ok: true, quote: { totalCents, vat } });
      }),
    );
  });

  it("refunded in parts, unit by unit in any order, adds up to exactly what was paid", () => {
    fc.assert(
      fc.property(orders, fc.integer({ min: 0, max: 2 ** 31 }), ({ zone, inputs, percent }, seed) => {
        const { order, totalCents } = storedOrder(zone, inputs, percent);
        const lines = order.lines.map((line) => ({ ...line }));
        let refunded = 0;
        let step = seed;
        let shippingRefunded = false;
        while (lines.some((line) => line.refundedQuantity < line.quantity)) {
          const open = lines.filter((line) => line.refundedQuantity < line.quantity);
          const line = open[step % open.length];
          if (!line) break;
          const quantity = 1 + (step % (line.quantity - line.refundedQuantity));
          const shipping: boolean = !shippingRefunded && step % 3 === 0;
          const outcome = quoteRefund(
            { ...order, lines, shippingRefunded },
            { lines: [{ position: line.position, quantity }], shipping },
          );
          if (!outcome.ok) throw new Error(outcome.error);
          expect(outcome.quote.totalCents).toBeGreaterThanOrEqual(0);
          refunded += outcome.quote.totalCents;
          line.refundedQuantity += quantity;
          shippingRefunded ||= shipping;
          step = Math.floor(step / 7) + 13;
        }
        if (!shippingRefunded) refunded += order.shippingCents;
        expect(refunded).toBe(totalCents);
      }),
    );
  });

  it("refuses more units than are left, an unknown line, the shipping twice and an empty refund", () => {
    const { order } = storedOrder(
      "es-peninsula",
      [{ quantity: 2, catalogueCents: 1000, vatClass: "general" }],
      0,
    );
    const request = (position: number, quantity: number, shipping = false) => ({
      lines: [{ position, quantity }],
      shipping,
    });
    expect(quoteRefund(order, request(0, 3))).toEqual({ ok: false, error: "too-many-units" });
    expect(
      quoteRefund(
        { ...order, lines: order.lines.map((line) => ({ ...line, refundedQuantity: 2 })) },
        request(0, 1),
      ),
    ).toEqual({
      ok: false,
      error: "too-many-units",
    });
    expect(quoteRefund(order, request(4, 1))).toEqual({ ok: false, error: "unknown-line" });
    expect(quoteRefund({ ...order, shippingRefunded: true }, request(0, 1, true))).toEqual({
      ok: false,
      error: "shipping-already-refunded",
    });
    expect(quoteRefund(order, { lines: [], shipping: false })).toEqual({
      ok: false,
      error: "nothing-to-refund",
    });
  });

  it("takes a line's discount off in proportion: one of three units of a 10 % line", () => {
    const { order } = storedOrder(
      "es-peninsula",
      [{ quantity: 3, catalogueCents: 1000, vatClass: "general" }],
      10,
    );
    const outcome = quoteRefund(order, { lines: [{ position: 0, quantity: 1 }], shipping: false });
    expect(outcome).toEqual({
      ok: true,
      quote: {
        lines: [{ position: 0, quantity: 1, grossCents: 1000, discountCents: 100 }],
        shippingCents: 0,
        vat: [{ ratePercent: 21, baseCents: 744, vatCents: 156 }],
        totalCents: 900,
      },
    });
  });
});
