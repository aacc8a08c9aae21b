import { inArray, sql } from "drizzle-orm";
import type { StockReason } from "#shared/api/back-office-stock-contract.ts";
import type { Database, Transaction } from "../db/client.ts";
import { productStock } from "../db/schema.ts";

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
    // Each batch one JSON parameter (an import of 100,000 products is 10 statements), its opening
    // entries written by the same statement from the rows it inserted.
    for (let start = 0; start < products.length; start += ROWS_PER_INSERT) {
      const batch = products.slice(start, start + ROWS_PER_INSERT).map(({ id, stock }) => ({ id, stock }));
      await tx.execute(sql`
        with added as (
          insert into product_stock (product_id, available)
          select r.id, r.stock from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(id integer, stock integer)
          on conflict (product_id) do nothing
          returning product_id, available)
        insert into stock_movement (product_id, change, reason, at)
        select product_id, available, ${"opening" satisfies StockReason}, now() from added where available <> 0`);
    }
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
