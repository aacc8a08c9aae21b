import { describe, expect, it } from "vitest";
import { canRequestReturn, returnableUnits, withdrawalDeadline, withinWithdrawal } from "./returns.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const delivered = new Date("2026-11-02T10:00:00.000Z");

describe("the withdrawal period (decision 059)", () => {
  it("is in time on day 14 after delivery and late on day 15", () => {
    expect(withdrawalDeadline(delivered).toISOString()).toBe("2026-11-16T10:00:00.000Z");
    expect(withinWithdrawal(delivered, new Date(delivered.getTime() + 14 * DAY_MS))).toBe(true);
    expect(withinWithdrawal(delivered, new Date(delivered.getTime() + 14 * DAY_MS + 1))).toBe(false);
    expect(withinWithdrawal(delivered, new Date(delivered.getTime() + 15 * DAY_MS))).toBe(false);
  });
});

describe("units still returnable", () => {
  const lines = [
    { quantity: 3, refundedQuantity: 1 },
    { quantity: 1, refundedQuantity: 0 },
    { quantity: 2, refundedQuantity: 0 },
  ];

  it("are those bought, less refunded, less asked for in open requests", () => {
    const open = [
      { lines: [{ position: 0, quantity: 1 }] },
      {
        lines: [
          { position: 0, quantity: 1 },
          { position: 2, quantity: 1 },
        ],
      },
    ];
    expect(returnableUnits(lines, [])).toEqual([2, 1, 2]);
    expect(returnableUnits(lines, open)).toEqual([0, 1, 1]);
  });

  it("are offered only on a delivered order, within its period, with something left", () => {
    const order = {
      status: "entregado" as const,
      lines: lines.map((line) => ({
        ...line,
        productId: 1,
        code: "A",
        name: "x",
        unitCents: 1,
        totalCents: 1,
        vatRate: 21,
      })),
      returnRequests: [],
      returnableUntil: withdrawalDeadline(delivered).toISOString(),
    };
    expect(canRequestReturn(order, delivered)).toBe(true);
    expect(canRequestReturn(order, new Date(delivered.getTime() + 15 * DAY_MS))).toBe(false);
    expect(canRequestReturn({ ...order, status: "enviado" }, delivered)).toBe(false);
    expect(
      canRequestReturn(
        { ...order, lines: order.lines.map((line) => ({ ...line, refundedQuantity: line.quantity })) },
        delivered,
      ),
    ).toBe(false);
  });
});
