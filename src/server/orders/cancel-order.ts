import { and, eq, sql } from "drizzle-orm";
import type { OrderStatus } from "#shared/api/order-contract.ts";
import type { Database } from "../db/client.ts";
import { invoice, orderEvent, orderLine, payment, productStock, shopOrder } from "../db/schema.ts";
import type { PaymentProvider } from "../payments/payment-provider.ts";
import { formatNumber, nextNumber } from "./number-series.ts";

/** Until the parcel leaves, the shopper may cancel. */
const cancellable: readonly OrderStatus[] = ["pagado", "preparando"];

export type CancelOutcome = { ok: true } | { ok: false; error: "order-not-found" | "not-cancellable" };

/**
 * Cancels a shopper's order before it ships: the payment is refunded through the provider, then
 * one transaction puts the stock back, issues the credit note (its own yearly series, naming the
 * invoice it corrects) and records the new status.
 */
export async function cancelOrder(
  { db, payments, now }: { db: Database; payments: PaymentProvider; now: () => Date },
  userId: string,
  orderId: string,
): Promise<CancelOutcome> {
  const [order] = await db
    .select({ status: shopOrder.status })
    .from(shopOrder)
    .where(and(eq(shopOrder.id, orderId), eq(shopOrder.userId, userId)));
  if (!order) return { ok: false, error: "order-not-found" };
  // Cancelling twice (two tabs, a retried request) is the same as cancelling once.
  if (order.status === "cancelado") return { ok: true };
  if (!cancellable.includes(order.status)) return { ok: false, error: "not-cancellable" };
  const [paid] = await db.select().from(payment).where(eq(payment.orderId, orderId));
  // Refunds are idempotent at the provider: a cancel sent twice gives the money back once.
  if (paid && paid.status === "captured") await payments.refund(paid.reference, paid.amountCents);

  const at = now();
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: shopOrder.status, totalCents: shopOrder.totalCents, vat: shopOrder.vat })
      .from(shopOrder)
      .where(eq(shopOrder.id, orderId))
      .for("update");
    if (!locked) return { ok: false, error: "order-not-found" } as const;
    if (locked.status === "cancelado") return { ok: true } as const;
    if (!cancellable.includes(locked.status)) return { ok: false, error: "not-cancellable" } as const;
    const lines = await tx.select().from(orderLine).where(eq(orderLine.orderId, orderId));
    for (const line of lines) {
      await tx
        .update(productStock)
        .set({ available: sql`${productStock.available} + ${line.quantity}`, updatedAt: at })
        .where(eq(productStock.productId, line.productId));
    }
    const [original] = await tx
      .select({ id: invoice.id })
      .from(invoice)
      .where(and(eq(invoice.orderId, orderId), eq(invoice.kind, "invoice")));
    const year = at.getUTCFullYear();
    await tx.insert(invoice).values({
      orderId,
      kind: "credit-note",
      number: formatNumber("A", year, await nextNumber(tx, `A${year}`)),
      correctsId: original?.id ?? null,
      totalCents: locked.totalCents,
      vat: locked.vat,
      issuedAt: at,
    });
    await tx.update(payment).set({ status: "refunded" }).where(eq(payment.orderId, orderId));
    await tx.update(shopOrder).set({ status: "cancelado" }).where(eq(shopOrder.id, orderId));
    await tx.insert(orderEvent).values({ orderId, status: "cancelado", at });
    return { ok: true } as const;
  });
}
