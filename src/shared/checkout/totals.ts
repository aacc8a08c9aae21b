import type { CouponOutcome } from "./coupon.ts";
import { type ShippingMethod, shippingCents } from "./shipping.ts";
import { unitPriceAt, type VatClass, vatIncluded, vatRate } from "./vat.ts";
import type { ShippingZone } from "./zones.ts";

export type OrderLineInput = {
  productId: number;
  quantity: number;
  /** The catalogue's unit price (Spanish VAT included), in cents. */
  catalogueCents: number;
  vatClass: VatClass;
  /** The product's categoria: one of the menu's, or a category an imported catalogue brought. */
  category: string;
};

export type PricedLine = OrderLineInput & { unitCents: number; totalCents: number };

/** A line with its share of the coupon's discount, which its refunds give back in part (issue 27). */
export type TotalledLine = PricedLine & { discountCents: number };

export type VatLine = { ratePercent: number; baseCents: number; vatCents: number };

export type OrderTotals = {
  lines: TotalledLine[];
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  /** One entry per VAT rate; empty where no VAT is charged. */
  vat: VatLine[];
  totalCents: number;
};

/** The goods at the destination's prices, before any coupon. */
export function priceLines(lines: readonly OrderLineInput[], zone: ShippingZone): PricedLine[] {
  return lines.map((line) => {
    const unitCents = unitPriceAt(zone, line.vatClass, line.catalogueCents);
    return { ...line, unitCents, totalCents: unitCents * line.quantity };
  });
}

/**
 * Every figure of an order, in cents: goods, the coupon's discount, shipping, the VAT they
 * include (by rate) and the total. `coupon` is the outcome of evaluateCoupon on these lines.
 */
export function orderTotals(
  lines: readonly PricedLine[],
  zone: ShippingZone,
  method: ShippingMethod,
  coupon?: CouponOutcome & { ok: true },
): OrderTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const discountCents = Math.min(coupon?.discountCents ?? 0, subtotalCents);
  const goodsCents = subtotalCents - discountCents;
  const shipping = coupon?.freeShipping ? 0 : shippingCents(zone, method, goodsCents);
  const discounts = allocate(
    discountCents,
    lines.map((line, index) => (coupon && !coupon.eligible[index] ? 0 : line.totalCents)),
  );
  const gross = lines.map((line, index) => ({
    ratePercent: vatRate(zone, line.vatClass),
    cents: line.totalCents - (discounts[index] ?? 0),
  }));
  // Shipping follows the goods it carries; a parcel of books and toys is taxed at the general rate.
  gross.push({ ratePercent: vatRate(zone, "general"), cents: shipping });
  const vat = vatByRate(gross);
  return {
    lines: lines.map((line, index) => ({ ...line, discountCents: discounts[index] ?? 0 })),
    subtotalCents,
    discountCents,
    shippingCents: shipping,
    vat,
    totalCents: goodsCents + shipping,
  };
}

/**
 * The VAT included in amounts that include it, one entry per rate (highest first), each rate's
 * amounts added before its VAT is taken out. Amounts with no VAT (rate null) are left out.
 */
export function vatByRate(amounts: readonly { ratePercent: number | null; cents: number }[]): VatLine[] {
  const grossByRate = new Map<number, number>();
  for (const { ratePercent, cents } of amounts) {
    if (ratePercent !== null && cents > 0)
      grossByRate.set(ratePercent, (grossByRate.get(ratePercent) ?? 0) + cents);
  }
  return [...grossByRate]
    .sort(([a], [b]) => b - a)
    .map(([ratePercent, gross]) => {
      const vatCents = vatIncluded(gross, ratePercent);
      return { ratePercent, baseCents: gross - vatCents, vatCents };
    });
}

/** Splits `amount` over `weights` in proportion, in whole cents that add up exactly. */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0 || amount === 0) return weights.map(() => 0);
  const shares = weights.map((weight) => Math.floor((amount * weight) / total));
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  // Largest remainders first, so the rounding lands where the weight is.
  const order = weights
    .map((weight, index) => ({ index, remainder: (amount * weight) % total }))
    .sort((a, b) => b.remainder - a.remainder);
  for (const { index } of order) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}
