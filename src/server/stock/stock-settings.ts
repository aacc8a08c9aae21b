import { eq } from "drizzle-orm";
import type { Database, Transaction } from "../db/client.ts";
import { stockSettings } from "../db/schema.ts";

/**
 * A product is low on stock with this many units or fewer until the owner sets another number
 * (decisions 046 and 051). The built-in catalogue starts every product at 20 or 100.
 */
export const LOW_STOCK_UNITS = 5;

/** The owner's low-stock threshold, from the settings row (migration 0027 writes it). */
export async function readThreshold(db: Database | Transaction): Promise<number> {
  const [row] = await db
    .select({ units: stockSettings.lowStockUnits })
    .from(stockSettings)
    .where(eq(stockSettings.id, 1));
  return row?.units ?? LOW_STOCK_UNITS;
}

/** Sets the threshold under the settings row's lock; answers the one it replaced. */
export async function writeThreshold(tx: Transaction, units: number, at: Date): Promise<number> {
  const [before] = await tx
    .select({ units: stockSettings.lowStockUnits })
    .from(stockSettings)
    .where(eq(stockSettings.id, 1))
    .for("update");
  await tx
    .insert(stockSettings)
    .values({ id: 1, lowStockUnits: units, updatedAt: at })
    .onConflictDoUpdate({ target: stockSettings.id, set: { lowStockUnits: units, updatedAt: at } });
  return before?.units ?? LOW_STOCK_UNITS;
}
