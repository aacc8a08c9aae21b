import { eq, sql } from "drizzle-orm";
import type { StockAdjustmentRequest } from "#shared/api/back-office-stock-contract.ts";
import type { Transaction } from "../db/client.ts";
import { productStock, stockMovement } from "../db/schema.ts";

/** A staff member's adjustment, done: the stock now and the ledger's entry (none when a count found it right). */
export type Adjusted = { available: number; movementId: number | null };

export type AdjustOutcome =
  | { ok: true; adjusted: Adjusted; before: number }
  | { ok: false; error: "product-not-found" }
  | { ok: false; error: "insufficient-stock"; available: number };

/** The units a reason moves from what is on the shelf: in, out, or to what was counted. */
function changeFor({ reason, quantity }: StockAdjustmentRequest, available: number): number {
  if (reason === "restock") return quantity;
  if (reason === "damage") return -quantity;
  return quantity - available;
}

/**
 * A hand adjustment of one product's stock, in the caller's transaction (issue 32, decision 051).
 * The stock row is locked first, so two adjustments of one product (or an adjustment and a
 * checkout) run one after the other and neither is lost; the change and its ledger entry are
 * written together. Damage never takes the stock below zero.
 */
export async function adjustStock(
  tx: Transaction,
  productId: number,
  request: StockAdjustmentRequest,
  by: { staffId: string; at: Date },
): Promise<AdjustOutcome> {
  const [locked] = await tx
    .select({ available: productStock.available })
    .from(productStock)
    .where(eq(productStock.productId, productId))
    .for("update");
  if (!locked) return { ok: false, error: "product-not-found" };
  const change = changeFor(request, locked.available);
  if (locked.available + change < 0) {
    return { ok: false, error: "insufficient-stock", available: locked.available };
  }
  if (change === 0)
    return {
      ok: true,
      before: locked.available,
      adjusted: { available: locked.available, movementId: null },
    };
  await tx
    .update(productStock)
    .set({ available: sql`${productStock.available} + ${change}`, updatedAt: by.at })
    .where(eq(productStock.productId, productId));
  const [movement] = await tx
    .insert(stockMovement)
    .values({ productId, change, reason: request.reason, staffId: by.staffId, note: request.note, at: by.at })
    .returning({ id: stockMovement.id });
  return {
    ok: true,
    before: locked.available,
    adjusted: { available: locked.available + change, movementId: movement?.id ?? null },
  };
}
