import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Catalog } from "#catalog/catalog.ts";
import type { Product } from "#catalog/product-schema.ts";
import {
  LEDGER_PAGE_SIZE,
  STOCK_PAGE_SIZE,
  type StockList,
  type StockListQuery,
  type StockMovement,
  type StockProduct,
  type StockRow,
  stockMovementSchema,
} from "#shared/api/back-office-stock-contract.ts";
import type { LiveCatalog } from "../catalog/live-catalog.ts";
import type { Database, Transaction } from "../db/client.ts";
import { shopOrder, staffUser, stockMovement } from "../db/schema.ts";
import { readStock } from "../stock/stock-repository.ts";
import { readThreshold } from "../stock/stock-settings.ts";

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

/** Names in Spanish order, «Ñ» after «N» (a collator is much faster than `localeCompare`). */
const byName = new Intl.Collator("es");

/** The products by name with their searchable text, worked out once per catalogue revision. */
type Listed = { product: Product; text: string };
const productsByName = (catalog: Catalog): { listed: Listed[] } =>
  catalog.memo("back-office|stock-by-name", () => ({
    listed: catalog
      .listProducts()
      .map((product) => ({ product, text: folded(`${product.texto} ${product.codigo}`) }))
      .sort((a, b) => byName.compare(a.product.texto, b.product.texto) || a.product.id - b.product.id),
  }));

/**
 * The catalogue's products with their stock, by name, searched by part of the name or the code
 * and perhaps only the low ones. The catalogue is in memory, sorted once per revision, so the
 * search runs there; the stock read is the page's own, or every level when only the low ones are
 * wanted (a product with no stock row has none). At 100,000 products the whole read and sort
 * per request took longer than the page (issue 32).
 */
export async function listStock(db: Database, catalog: Catalog, query: StockListQuery): Promise<StockList> {
  const needle = query.q === undefined ? undefined : folded(query.q);
  const matching = productsByName(catalog).listed.filter(
    ({ text }) => needle === undefined || text.includes(needle),
  );
  const start = (query.page - 1) * STOCK_PAGE_SIZE;
  const page = matching.slice(start, start + STOCK_PAGE_SIZE).map(({ product }) => product);
  const [threshold, levels] = await Promise.all([
    readThreshold(db),
    readStock(db, query.low ? undefined : page.map((product) => product.id)),
  ]);
  let rows: StockRow[];
  let total: number;
  if (query.low) {
    const low = matching
      .map(({ product }) => stockRow(product, levels.get(product.id) ?? 0, threshold))
      .filter((row) => row.low);
    rows = low.slice(start, start + STOCK_PAGE_SIZE);
    total = low.length;
  } else {
    rows = page.map((product) => stockRow(product, levels.get(product.id) ?? 0, threshold));
    total = matching.length;
  }
  return { items: rows, total, page: query.page, pageSize: STOCK_PAGE_SIZE, threshold };
}

/**
 * A product's ledger, newest first, each entry with the stock it left (the running sum); only the
 * entries older than `before` when it is given. The sum still counts every older entry: the
 * window runs over what the filter keeps, and it keeps all that came before.
 */
export async function readLedger(
  db: Database | Transaction,
  productId: number,
  limit = LEDGER_PAGE_SIZE,
  before?: number,
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
    .where(
      and(
        eq(stockMovement.productId, productId),
        before === undefined ? undefined : lt(stockMovement.id, before),
      ),
    )
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

/**
 * One product's stock page with a page of its ledger (the newest, or the one older than
 * `before`): undefined when the catalogue has no such product. One entry more is read than
 * shown, so «older» is offered exactly when older entries exist.
 */
export async function readStockProduct(
  db: Database,
  catalog: Pick<LiveCatalog, "getAnyProduct">,
  productId: number,
  before?: number,
): Promise<StockProduct | undefined> {
  // A hidden product is still restocked and counted (its page's «Ver stock»), before it is published.
  const product = catalog.getAnyProduct(productId);
  if (!product) return undefined;
  const [levels, threshold, read] = await Promise.all([
    readStock(db, [productId]),
    readThreshold(db),
    readLedger(db, productId, LEDGER_PAGE_SIZE + 1, before),
  ]);
  const movements = read.slice(0, LEDGER_PAGE_SIZE);
  const more = read.length > LEDGER_PAGE_SIZE;
  return {
    product: stockRow(product, levels.get(productId) ?? 0, threshold),
    threshold,
    movements,
    more,
    older: more ? (movements.at(-1)?.id ?? null) : null,
    before: before ?? null,
  };
}
