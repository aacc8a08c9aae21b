import { desc, eq, sql } from "drizzle-orm";
import type { Catalog } from "#catalog/catalog.ts";
import type { Product } from "#catalog/product-schema.ts";
import {
  STOCK_PAGE_SIZE,
  type StockList,
  type StockListQuery,
  type StockMovement,
  type StockProduct,
  type StockRow,
  stockMovementSchema,
} from "#shared/api/back-office-stock-contract.ts";
import type { Database, Transaction } from "../db/client.ts";
import { shopOrder, staffUser, stockMovement } from "../db/schema.ts";
import { readStock } from "../stock/stock-repository.ts";
import { readThreshold } from "../stock/stock-settings.ts";

/** How many of a product's ledger entries its page shows, newest first. */
export const LEDGER_PAGE = 200;

/** Lower case without accents: «Máquina» is found by «maquina». */
const folded = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("es");

export function stockRow(product: Product, available: number, threshold: number): StockRow {
  return {
    productId: product.id,
    name: product.texto,
    reference: product.codigo,
    available,
    low: available <= threshold,
  };
}

/**
 * The catalogue's products with their stock, by name, searched by part of the name or the code
 * and perhaps only the low ones. The catalogue is in memory (a few hundred products), so the
 * search runs there; the stock is one read.
 */
export async function listStock(db: Database, catalog: Catalog, query: StockListQuery): Promise<StockList> {
  const [levels, threshold] = await Promise.all([readStock(db), readThreshold(db)]);
  const needle = query.q === undefined ? undefined : folded(query.q);
  const rows = catalog
    .listProducts()
    .filter((p) => needle === undefined || folded(`${p.texto} ${p.codigo}`).includes(needle))
    .map((product) => stockRow(product, levels.get(product.id) ?? 0, threshold))
    .filter((row) => !query.low || row.low)
    .sort((a, b) => a.name.localeCompare(b.name, "es") || a.productId - b.productId);
  const start = (query.page - 1) * STOCK_PAGE_SIZE;
  return {
    items: rows.slice(start, start + STOCK_PAGE_SIZE),
    total: rows.length,
    page: query.page,
    pageSize: STOCK_PAGE_SIZE,
    threshold,
  };
}

/** A product's ledger, newest first, each entry with the stock it left (the running sum). */
export async function readLedger(
  db: Database | Transaction,
  productId: number,
  limit = LEDGER_PAGE,
): Promise<StockMovement[]> {
  const rows = await db
    .select({
      id: stockMovement.id,
      at: stockMovement.at,
      change: stockMovement.change,
      reason: stockMovement.reason,
      staff: staffUser.name,
      orderNumber: shopOrder.number,
      orderId: stockMovement.orderId,
      note: stockMovement.note,
      // Ids follow the order the changes were made in: each was written under the product's lock.
      balance: sql<string>`sum(${stockMovement.change}) over (order by ${stockMovement.id})`,
    })
    .from(stockMovement)
    .leftJoin(staffUser, eq(staffUser.id, stockMovement.staffId))
    .leftJoin(shopOrder, eq(shopOrder.id, stockMovement.orderId))
    .where(eq(stockMovement.productId, productId))
    .orderBy(desc(stockMovement.id))
    .limit(limit);
  return rows.map(({ orderNumber, orderId, ...row }) =>
    stockMovementSchema.parse({
      ...row,
      at: row.at.toISOString(),
      order: orderNumber ?? orderId,
      balance: Number(row.balance),
    }),
  );
}

/** One product's stock page: undefined when the catalogue has no such product. */
export async function readStockProduct(
  db: Database,
  catalog: Catalog,
  productId: number,
): Promise<StockProduct | undefined> {
  const product = catalog.getProduct(productId);
  if (!product) return undefined;
  const [levels, threshold, movements] = await Promise.all([
    readStock(db, [productId]),
    readThreshold(db),
    readLedger(db, productId, LEDGER_PAGE + 1),
  ]);
  return {
    product: stockRow(product, levels.get(productId) ?? 0, threshold),
    threshold,
    movements: movements.slice(0, LEDGER_PAGE),
    more: movements.length > LEDGER_PAGE,
  };
}
