import { inArray, sql } from "drizzle-orm";
import type { Product } from "#catalog/product-schema.ts";
import type { Database } from "../db/client.ts";
import { productStock } from "../db/schema.ts";
import { recordMovements } from "./stock-ledger.ts";

export type StockLevels = ReadonlyMap<number, number>;

/**
 * Gives every catalogue product its starting stock once, with the ledger's opening entry; later
 * starts keep what orders and staff left.
 */
export async function seedStock(db: Database, products: readonly Product[]): Promise<void> {
  if (products.length === 0) return;
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(productStock)
      .values(products.map((p) => ({ productId: p.id, available: p.stock })))
      .onConflictDoNothing({ target: productStock.productId })
      .returning({ productId: productStock.productId, available: productStock.available });
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
