import { inArray, sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/client.ts";
import { productStock } from "../db/schema.ts";
import { recordMovements } from "./stock-ledger.ts";

const ROWS_PER_INSERT = 10_000;

export type StockLevels = ReadonlyMap<number, number>;

/**
 * Gives every product its starting stock once (the catalogue file's `stock`), with the ledger's
 * opening entry; a product that has stock keeps what orders and staff left.
 */
export async function seedStock(
  db: Database | Transaction,
  products: readonly { id: number; stock: number }[],
): Promise<void> {
  if (products.length === 0) return;
  await db.transaction(async (tx) => {
    const added: { productId: number; available: number }[] = [];
    // A statement holds at most 65,535 parameters (an import of 100,000 products).
    for (let start = 0; start < products.length; start += ROWS_PER_INSERT) {
      const rows = products.slice(start, start + ROWS_PER_INSERT);
      added.push(
        ...(await tx
          .insert(productStock)
          .values(rows.map((p) => ({ productId: p.id, available: p.stock })))
          .onConflictDoNothing({ target: productStock.productId })
          .returning({ productId: productStock.productId, available: productStock.available })),
      );
    }
    const at = new Date();
    await recordMovements(
      tx,
      added.map(({ productId, available }) => ({ productId, change: available, reason: "opening", at })),
    );
  });
}

export async function readStock(db: Database, productIds?: readonly number[]): Promise<StockLevels> {
  if (productIds?.length === 0) return new Map();
  const rows = await db
    .select({ productId: productStock.productId, available: productStock.available })
    .from(productStock)
    .where(productIds ? inArray(productStock.productId, [...productIds]) : sql`true`);
  return new Map(rows.map((row) => [row.productId, row.available]));
}
