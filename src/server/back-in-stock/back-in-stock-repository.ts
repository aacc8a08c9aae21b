import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { BackInStockRequest, BackInStockResponse } from "#shared/api/back-in-stock-contract.ts";
import { defaultLang, type Lang, parseLang } from "#shared/lang.ts";
import { catalogProduct } from "../db/catalog-schema.ts";
import type { Database, Transaction } from "../db/client.ts";
import { backInStockRequests } from "../db/schema.ts";

/** One request as its mail and pages need it. */
export type BackInStockWaiter = {
  id: string;
  email: string;
  productId: number;
  locale: Lang;
  token: string;
  restockedAt: Date | null;
};

type Row = typeof backInStockRequests.$inferSelect;

const waiterOf = (row: Row): BackInStockWaiter => ({
  id: row.id,
  email: row.email,
  productId: row.productId,
  locale: parseLang(row.locale) ?? defaultLang,
  token: row.token,
  restockedAt: row.restockedAt,
});

/** Whether the catalogue has the product (published or not: a hidden one may come back). */
export async function productExists(db: Database, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: catalogProduct.id })
    .from(catalogProduct)
    .where(eq(catalogProduct.id, productId));
  return row !== undefined;
}

/**
 * Stores a request: once per address and product, so asking again changes nothing (`already`).
 * One that was already mailed is opened again, for the next time the product sells out and returns.
 */
export async function requestBackInStock(
  db: Database,
  input: Omit<BackInStockRequest, "consent">,
): Promise<BackInStockResponse["status"]> {
  const rows = await db
    .insert(backInStockRequests)
    .values({ email: input.email.toLowerCase(), productId: input.productId, locale: input.locale })
    .onConflictDoUpdate({
      target: [backInStockRequests.email, backInStockRequests.productId],
      set: { locale: input.locale, notifiedAt: null, restockedAt: null, createdAt: sql`now()` },
      setWhere: isNotNull(backInStockRequests.notifiedAt),
    })
    .returning({ id: backInStockRequests.id });
  return rows.length > 0 ? "subscribed" : "already";
}

/** The request a mailed link names, if it is still kept. */
export async function findByToken(db: Database, token: string): Promise<BackInStockWaiter | undefined> {
  const [row] = await db.select().from(backInStockRequests).where(eq(backInStockRequests.token, token));
  return row ? waiterOf(row) : undefined;
}

/** Cancelling forgets the request altogether. */
export async function cancelByToken(db: Database, token: string): Promise<BackInStockWaiter | undefined> {
  const [row] = await db.delete(backInStockRequests).where(eq(backInStockRequests.token, token)).returning();
  return row ? waiterOf(row) : undefined;
}

/**
 * Takes up to `limit` requests made due by a return of stock (migration 0031's trigger) and marks
 * them notified, in the caller's transaction: a request another process holds is skipped, and one
 * taken is never taken again, so each gets one mail however many processes run this at once.
 */
export async function claimDue(tx: Transaction, now: Date, limit: number): Promise<BackInStockWaiter[]> {
  const due = tx
    .select({ id: backInStockRequests.id })
    .from(backInStockRequests)
    .where(and(isNotNull(backInStockRequests.restockedAt), isNull(backInStockRequests.notifiedAt)))
    .limit(limit)
    .for("update", { skipLocked: true });
  const rows = await tx
    .update(backInStockRequests)
    .set({ notifiedAt: now })
    .where(and(inArray(backInStockRequests.id, due), isNull(backInStockRequests.notifiedAt)))
    .returning();
  return rows.map(waiterOf);
}

/** The products' names in both languages, for the mails. */
export async function productNames(
  tx: Transaction,
  ids: readonly number[],
): Promise<Map<number, { es: string; pt: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: catalogProduct.id, es: catalogProduct.texto, pt: catalogProduct.textoPt })
    .from(catalogProduct)
    .where(inArray(catalogProduct.id, [...ids]));
  return new Map(rows.map((row) => [row.id, { es: row.es, pt: row.pt || row.es }]));
}
