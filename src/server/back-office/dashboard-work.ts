import { and, asc, count, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { z } from "zod";
import type { Catalog } from "#catalog/catalog.ts";
import {
  type LowStockProduct,
  type OrderToShip,
  orderToShipSchema,
  toShipStatuses,
} from "#shared/api/back-office-dashboard-contract.ts";
import type { Database } from "../db/client.ts";
import { productStock, shopOrder } from "../db/schema.ts";
import { readThreshold } from "../stock/stock-settings.ts";

/** The threshold's default (decision 046); the owner's own is in the database (decision 051). */
export { LOW_STOCK_UNITS } from "../stock/stock-settings.ts";
/** How many of the orders to ship and of the scarce products the dashboard names. */
export const DASHBOARD_LIST_SIZE = 5;

const waiting = and(isNotNull(shopOrder.number), inArray(shopOrder.status, [...toShipStatuses]));

/** The paid orders not shipped yet: how many, and the oldest, on the list's status index. */
export async function readOrdersToShip(db: Database): Promise<{ count: number; oldest: OrderToShip[] }> {
  const [rows, counted] = await Promise.all([
    db
      .select({
        number: shopOrder.number,
        status: shopOrder.status,
        placedAt: shopOrder.placedAt,
        buyer: sql<string>`(${shopOrder.buyer} ->> 'name') || ' ' || (${shopOrder.buyer} ->> 'lastName')`,
        totalCents: shopOrder.totalCents,
      })
      .from(shopOrder)
      .where(waiting)
      .orderBy(asc(shopOrder.placedAt), asc(shopOrder.number))
      .limit(DASHBOARD_LIST_SIZE),
    db.select({ total: count() }).from(shopOrder).where(waiting),
  ]);
  const oldest = rows.map((row) => orderToShipSchema.parse({ ...row, placedAt: row.placedAt.toISOString() }));
  return { count: counted[0]?.total ?? 0, oldest };
}

const stockRowSchema = z.object({ productId: z.number().int(), available: z.number().int() });

/**
 * The catalogue's products with the owner's threshold of units or fewer left, scarcest first; a product the
 * catalogue no longer sells keeps its stock row but is nobody's worry.
 */
export async function readLowStock(
  db: Database,
  catalog: Catalog,
): Promise<{ threshold: number; count: number; products: LowStockProduct[] }> {
  const onSale = catalog.listProducts().map((product) => product.id);
  const threshold = await readThreshold(db);
  const low = and(lte(productStock.available, threshold), inArray(productStock.productId, onSale));
  const [rows, counted] = await Promise.all([
    db
      .select({ productId: productStock.productId, available: productStock.available })
      .from(productStock)
      .where(low)
      .orderBy(asc(productStock.available), asc(productStock.productId))
      .limit(DASHBOARD_LIST_SIZE),
    db.select({ total: count() }).from(productStock).where(low),
  ]);
  const products = rows.flatMap((row) => {
    const { productId, available } = stockRowSchema.parse(row);
    const product = catalog.getProduct(productId);
    return product ? [{ productId, name: product.texto, reference: product.codigo, available }] : [];
  });
  return { threshold, count: counted[0]?.total ?? 0, products };
}
