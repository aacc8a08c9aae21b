import { type VatLine, vatByRate } from "./totals.ts";

/** A sold line as a refund needs it: what it cost, its share of the discount, what went back. */
export type RefundableLine = {
  position: number;
  quantity: number;
  unitCents: number;
  /** The line's share of the coupon's discount (`TotalledLine.discountCents`). */
  discountCents: number;
  /** Null where no VAT was charged. */
  vatRate: number | null;
  /** Units already given back by earlier refunds. */
  refundedQuantity: number;
};

export type RefundableOrder = {
  lines: readonly RefundableLine[];
  shippingCents: number;
  /** The VAT rate shipping was charged at (the destination's general one), or null. */
  shippingVatRate: number | null;
  shippingRefunded: boolean;
};

/** What to give back: some units of some lines, and perhaps the shipping. */
export type RefundRequest = {
  lines: readonly { position: number; quantity: number }[];
  shipping: boolean;
};

export type RefundedLine = { position: number; quantity: number; grossCents: number; discountCents: number };

/** A refund's figures, as its credit note shows them; `totalCents` is what goes back. */
export type RefundQuote = {
  lines: RefundedLine[];
  shippingCents: number;
  vat: VatLine[];
  totalCents: number;
};

export type RefundError =
  | "nothing-to-refund"
  | "unknown-line"
  | "too-many-units"
  | "shipping-already-refunded";
export type RefundOutcome = { ok: true; quote: RefundQuote } | { ok: false; error: RefundError };

/**
 * The money a refund gives back, in cents. Each unit carries its share of the line's discount,
 * cut so that the parts of a line refunded one after another add up exactly to what the line
 * cost (units r+1..r+q take floor(D·(r+q)/Q) − floor(D·r/Q) of the discount D of Q units); so
 * refunds never return more than was paid, nor leave a cent behind once everything went back.
 */
export function quoteRefund(order: RefundableOrder, request: RefundRequest): RefundOutcome {
  const wanted = new Map<number, number>();
  for (const { position, quantity } of request.lines) {
    if (quantity > 0) wanted.set(position, (wanted.get(position) ?? 0) + quantity);
  }
  if (request.shipping && order.shippingRefunded) return { ok: false, error: "shipping-already-refunded" };
  const lines: RefundedLine[] = [];
  for (const [position, quantity] of wanted) {
    const line = order.lines.find((candidate) => candidate.position === position);
    if (!line) return { ok: false, error: "unknown-line" };
    if (line.refundedQuantity + quantity > line.quantity) return { ok: false, error: "too-many-units" };
    lines.push(refundedLine(line, quantity));
  }
  const shippingCents = request.shipping ? order.shippingCents : 0;
  if (lines.length === 0 && shippingCents === 0) return { ok: false, error: "nothing-to-refund" };
  lines.sort((a, b) => a.position - b.position);
  const net = (line: RefundedLine) => line.grossCents - line.discountCents;
  const vat = vatByRate([
    ...lines.map((line) => ({ ratePercent: rateOf(order, line.position), cents: net(line) })),
    { ratePercent: order.shippingVatRate, cents: shippingCents },
  ]);
  const totalCents = lines.reduce((sum, line) => sum + net(line), 0) + shippingCents;
  return { ok: true, quote: { lines, shippingCents, vat, totalCents } };
}

/** Everything not given back yet: what cancelling or returning the whole order refunds. */
export function remainingRequest(order: RefundableOrder): RefundRequest {
  return {
    lines: order.lines
      .filter((line) => line.refundedQuantity < line.quantity)
      .map((line) => ({ position: line.position, quantity: line.quantity - line.refundedQuantity })),
    shipping: !order.shippingRefunded && order.shippingCents > 0,
  };
}

function refundedLine(line: RefundableLine, quantity: number): RefundedLine {
  const discountUpTo = (units: number) => Math.floor((line.discountCents * units) / line.quantity);
  return {
    position: line.position,
    quantity,
    grossCents: line.unitCents * quantity,
    discountCents: discountUpTo(line.refundedQuantity + quantity) - discountUpTo(line.refundedQuantity),
  };
}

function rateOf(order: RefundableOrder, position: number): number | null {
  return order.lines.find((line) => line.position === position)?.vatRate ?? null;
}
