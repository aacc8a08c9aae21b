import { and, eq, gt, sql } from "drizzle-orm";
import type { CatalogSource } from "#catalog/catalog.ts";
import { productFromRecord } from "#catalog/product-schema.ts";
import { catalogCategory, catalogProduct, catalogState } from "../db/catalog-schema.ts";
import type { Database, Transaction } from "../db/client.ts";
import { seedStock } from "../stock/stock-repository.ts";
import { type CategoryRow, categoryColumns, columnsFromProduct, type ProductRow } from "./catalog-rows.ts";

/** Announced at the commit of every catalogue change, with its revision (decision 053). */
export const CATALOG_CHANNEL = "catalog_changes";

/** Rows per INSERT: 27 columns each stays well under PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 1000;

/**
 * Runs one change of the catalogue: raises its revision under the revision row's lock (so
 * writers take turns and their revisions commit in order), lets `write` stamp the rows it writes
 * with it, and announces it on `catalog_changes` when the transaction commits. The NOTIFY goes
 * inside the transaction, unlike the shoppers' (decision 022): catalogue changes are rare, and a
 * change must never commit unannounced.
 */
export async function changeCatalog<T>(
  db: Database,
  write: (tx: Transaction, revision: number) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const revision = await raiseRevision(tx);
    const result = await write(tx, revision);
    await tx.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${String(revision)})`);
    return result;
  });
}

async function raiseRevision(tx: Transaction): Promise<number> {
  const [state] = await tx
    .update(catalogState)
    .set({ revision: sql`${catalogState.revision} + 1`, updatedAt: new Date() })
    .where(eq(catalogState.id, 1))
    .returning({ revision: catalogState.revision });
  if (!state) throw new Error("catalog_state has no row: migration 0028 did not run");
  return state.revision;
}

/**
 * Writes the built-in catalogue (or any source) into an empty database, with each product's
 * opening stock, once: a later start, or another process starting beside this one, finds the
 * revision above 0 and writes nothing. A catalogue imported into an empty database gets the
 * source's category texts. Answers whether it wrote the products.
 */
export async function seedCatalog(db: Database, source: CatalogSource): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    const [state] = await tx.select().from(catalogState).where(eq(catalogState.id, 1)).for("update");
    if (!state) throw new Error("catalog_state has no row: migration 0028 did not run");
    const seedProducts = state.revision === 0;
    // A catalogue imported into an empty database brings no category texts: they are the file's.
    const [category] = await tx.select({ name: catalogCategory.name }).from(catalogCategory).limit(1);
    if (!seedProducts && category) return false;
    const revision = await raiseRevision(tx);
    if (seedProducts) await insertProducts(tx, source, revision);
    await tx
      .insert(catalogCategory)
      .values(source.categoryDetails.map((detail) => ({ ...categoryColumns(detail), revision })))
      .onConflictDoNothing();
    await tx.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${String(revision)})`);
    return seedProducts;
  });
  // Stock kept from before the catalogue moved into the database stays as it is.
  if (seeded) await seedStock(db, source.products);
  return seeded;
}

async function insertProducts(tx: Transaction, source: CatalogSource, revision: number): Promise<void> {
  const rows = source.products.map((record) => ({
    id: record.id,
    ...columnsFromProduct(productFromRecord(record)),
    revision,
  }));
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await tx
      .insert(catalogProduct)
      .values(rows.slice(start, start + ROWS_PER_INSERT))
      .onConflictDoNothing();
  }
}

export type CatalogChanges = {
  /** The revision the catalogue is at once these changes are read. */
  revision: number;
  products: ProductRow[];
  categories: CategoryRow[];
};

/**
 * Every product and category written after `since`, with the revision they bring the reader to,
 * read from one snapshot of the database: nothing written later is half read.
 */
export async function readCatalogChanges(db: Database, since: number): Promise<CatalogChanges> {
  return db.transaction(
    async (tx) => {
      const [state] = await tx.select().from(catalogState).where(eq(catalogState.id, 1));
      const revision = state?.revision ?? 0;
      if (revision <= since) return { revision: since, products: [], categories: [] };
      const products = await tx
        .select()
        .from(catalogProduct)
        .where(and(gt(catalogProduct.revision, since)))
        .orderBy(catalogProduct.id);
      const categories = await tx.select().from(catalogCategory).where(gt(catalogCategory.revision, since));
      return { revision, products, categories };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
