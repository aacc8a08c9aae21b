import { and, asc, eq, sql } from "drizzle-orm";
import type { RefundableOrder, RefundedLine, RefundQuote } from "#shared/checkout/refunds.ts";
import { vatRate } from "#shared/checkout/vat.ts";
import { type ShippingZone, shippingZones } from "#shared/checkout/zones.ts";

import type { Transaction } from "../db/client.ts";
import { invoice, orderLine, productStock, refund, shopOrder } from "../db/schema.ts";
import { recordMovements } from "../stock/stock-ledger.ts";
import { nextNumber, series, shopYear } from "./number-series.ts";

/**
 * An order's lines as a refund sees them, read inside the transaction that locked the order:
 * what each cost, its share of the discount and what went back already.
 */
export async function readRefundable(tx: Transaction, orderId: string): Promise<RefundableOrder> {
  const [order] = await tx
    .select({ zone: shopOrder.zone, shippingCents: shopOrder.shippingCents })
    .from(shopOrder)
    .where(eq(shopOrder.id, orderId));
  const lines = await tx
    .select()
    .from(orderLine)
    .where(eq(orderLine.orderId, orderId))
    .orderBy(asc(orderLine.position));
  const [shipping] = await tx
    .select({ cents: sql<number>`coalesce(sum(${refund.shippingCents}), 0)::int` })
    .from(refund)
    .where(eq(refund.orderId, orderId));
  const zone = shippingZones.find((known): known is ShippingZone => known === order?.zone);
  return {
    lines,
    shippingCents: order?.shippingCents ?? 0,
    shippingVatRate: zone ? vatRate(zone, "general") : null,
    shippingRefunded: (shipping?.cents ?? 0) > 0,
  };
}

/**
 * The credit note (factura de abono) of a refund, numbered in its yearly series, correcting the
 * order's invoice; none for an order never invoiced (cancelled before it was paid).
 */
export async function issueCreditNote(
  tx: Transaction,
  orderId: string,
  quote: RefundQuote,
  at: Date,
): Promise<{ id: string; number: string } | undefined> {
  const [original] = await tx
    .select({ id: invoice.id })
    .from(invoice)
    .where(and(eq(invoice.orderId, orderId), eq(invoice.kind, "invoice")));
  if (!original) return undefined;
  const [note] = await tx
    .insert(invoice)
    .values({
      orderId,
      kind: "credit-note",
      number: await nextNumber(tx, series.creditNote(shopYear(at))),
      correctsId: original.id,
      totalCents: quote.totalCents,
      vat: quote.vat,
      refund: quote,
      issuedAt: at,
    })
    .returning({ id: invoice.id, number: invoice.number });
  return note;
}

/** Why an order's units go back on the shelf, as the stock ledger says it (decision 051). */
export type BackOnSale = { at: Date; reason: "cancel" | "expiry" | "return" };

/** The units of a refund counted as given back, and back on the shelf when they are sellable. */
export async function giveBackUnits(
  tx: Transaction,
  orderId: string,
  lines: readonly RefundedLine[],
  restock: boolean,
  why: BackOnSale,
): Promise<void> {
  const sold = await tx
    .select({ position: orderLine.position, productId: orderLine.productId })
    .from(orderLine)
    .where(eq(orderLine.orderId, orderId));
  const units: { productId: number; quantity: number }[] = [];
  for (const { position, productId } of sold) {
    const line = lines.find((candidate) => candidate.position === position);
    if (!line) continue;
    await tx
      .update(orderLine)
      .set({ refundedQuantity: sql`${orderLine.refundedQuantity} + ${line.quantity}` })
      .where(and(eq(orderLine.orderId, orderId), eq(orderLine.position, position)));
    units.push({ productId, quantity: line.quantity });
  }
  if (restock) await putOnSale(tx, orderId, units, why);
}

/** An order's units back on the shelf, each with its entry in the stock ledger. */
export async function putOnSale(
  tx: Transaction,
  orderId: string,
  units: readonly { productId: number; quantity: number }[],
  { at, reason }: BackOnSale,
): Promise<void> {
  // In product order, as the checkout takes them (no two steps each holding a row the other needs).
  for (const { productId, quantity } of [...units].sort((a, b) => a.productId - b.productId)) {
    const [updated] = await tx
      .update(productStock)
      .set({ available: sql`${productStock.available} + ${quantity}`, updatedAt: at })
      .where(eq(productStock.productId, productId))
      .returning({ productId: productStock.productId });
    // A product without a stock row gained nothing, so the ledger says nothing of it either.
    if (updated) await recordMovements(tx, [{ productId, change: quantity, reason, orderId, at }]);
  }
}
