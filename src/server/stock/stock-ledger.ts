import type { StockReason } from "#shared/api/back-office-stock-contract.ts";
import type { Database, Transaction } from "../db/client.ts";
import { stockMovement } from "../db/schema.ts";

const ROWS_PER_INSERT = 5000;

/** One change of a product's stock, as the ledger keeps it (issue 32, decision 051). */
export type Movement = {
  productId: number;
  change: number;
  reason: StockReason;
  at: Date;
  staffId?: string | null;
  orderId?: string | null;
  note?: string;
};

/**
 * Writes the ledger's entries of changes the caller makes to `product_stock` in the same
 * transaction, so the stock and its ledger are kept together or not at all. A change of no units
 * is nothing to record.
 */
export async function recordMovements(db: Database | Transaction, movements: readonly Movement[]) {
  const rows = movements
    .filter((movement) => movement.change !== 0)
    .map((movement) => ({
      productId: movement.productId,
      change: movement.change,
      reason: movement.reason,
      at: movement.at,
      staffId: movement.staffId ?? null,
      orderId: movement.orderId ?? null,
      note: movement.note ?? "",
    }));
  // 7 columns a row: a statement holds at most 65,535 parameters (an import's opening entries).
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT)
    await db.insert(stockMovement).values(rows.slice(start, start + ROWS_PER_INSERT));
}
