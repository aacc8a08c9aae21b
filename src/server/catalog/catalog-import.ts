import { eq, sql } from "drizzle-orm";
import { importCatalog } from "#catalog/import/import-catalog.ts";
import { type CatalogueRecord, productFromRecord } from "#catalog/product-schema.ts";
import { catalogProduct, catalogState } from "../db/catalog-schema.ts";
import type { Database, Transaction } from "../db/client.ts";
import { seedStock } from "../stock/stock-repository.ts";
import { anyOfIds, type ProductWrite, upsertProducts } from "./catalog-bulk-write.ts";
import { columnsFromProduct } from "./catalog-rows.ts";
import { changeCatalog } from "./catalog-store.ts";

/** What applying a catalogue file would do, or did, to the catalogue in the database. */
export type ImportPlan = {
  /** The catalogue's revision the plan was made at: applying it later checks it still is. */
  revision: number;
  repairs: string[];
  warnings: string[];
  /** Ids the file adds, changes, leaves as they are; and ids the database has that it lacks. */
  added: number[];
  changed: number[];
  unchanged: number[];
  missing: number[];
};

export type ImportOutcome =
  | { ok: true; plan: ImportPlan }
  | { ok: false; error: "catalog-invalid"; errors: string[] }
  | { ok: false; error: "catalog-changed"; revision: number };

export type ImportOptions = {
  /** Hide the published products the file does not hold (the file is the whole catalogue). */
  hideMissing: boolean;
};

/**
 * A catalogue file (the spec's field format, decision 030) read against the database: the
 * importer's repairs, warnings or errors, and what applying it would add, change and leave.
 * Writes nothing.
 */
export async function previewCatalogImport(db: Database, source: unknown): Promise<ImportOutcome> {
  const imported = importCatalog(source);
  if (!imported.ok) return { ok: false, error: "catalog-invalid", errors: imported.errors };
  const writes = writesOf(imported.products);
  const plan = await db.transaction(async (tx) => planOf(tx, imported, writes), {
    isolationLevel: "repeatable read",
    accessMode: "read only",
  });
  return { ok: true, plan };
}

/**
 * Applies a catalogue file in one transaction, as one revision of the catalogue: new products
 * with their opening stock, changed ones with their version raised, unchanged ones untouched,
 * and, when asked, the published products it lacks hidden. With `expectedRevision` (the
 * preview's), it refuses if the catalogue changed since the preview was made. The stock of a
 * product already in the shop is the ledger's (decision 051), whatever the file says.
 */
export async function applyCatalogImport(
  db: Database,
  source: unknown,
  options: ImportOptions & {
    expectedRevision?: number;
    /** Written in the import's transaction once it is applied (the back office's audit). */
    record?: (tx: Transaction, plan: ImportPlan) => Promise<void>;
  },
): Promise<ImportOutcome> {
  const imported = importCatalog(source);
  if (!imported.ok) return { ok: false, error: "catalog-invalid", errors: imported.errors };
  return changeCatalog(db, async (tx, revision): Promise<ImportOutcome> => {
    // The revision row is locked by now: the plan is made against the catalogue as it stands.
    if (options.expectedRevision !== undefined && options.expectedRevision !== revision - 1)
      return { ok: false, error: "catalog-changed", revision: revision - 1 };
    const writes = writesOf(imported.products);
    const plan = await planOf(tx, imported, writes);
    const written = new Set([...plan.added, ...plan.changed]);
    await upsertProducts(
      tx,
      writes.filter((write) => written.has(write.id)),
      revision,
    );
    if (options.hideMissing && plan.missing.length > 0)
      await tx
        .update(catalogProduct)
        .set({
          published: false,
          version: sql`${catalogProduct.version} + 1`,
          revision,
          updatedAt: new Date(),
        })
        .where(sql`${catalogProduct.id} = ${anyOfIds(plan.missing)}`);
    const addedIds = new Set(plan.added);
    await seedStock(
      tx,
      imported.products.filter((record) => addedIds.has(record.id)),
    );
    const applied = { ...plan, revision };
    await options.record?.(tx, applied);
    return { ok: true, plan: applied };
  });
}

/** What a plan is made from: the importer's products, each with the columns it would write. */
type Imported = { products: CatalogueRecord[]; repairs: string[]; warnings: string[] };

async function planOf(
  tx: Transaction,
  imported: Imported,
  writes: readonly ProductWrite[],
): Promise<ImportPlan> {
  const [state] = await tx.select().from(catalogState).where(eq(catalogState.id, 1));
  const fileIds = anyOfIds(writes.map((write) => write.id));
  const rows = await tx.select().from(catalogProduct).where(sql`${catalogProduct.id} = ${fileIds}`);
  const existing = new Map(rows.map((row) => [row.id, row]));
  const added: number[] = [];
  const changed: number[] = [];
  const unchanged: number[] = [];
  for (const write of writes) {
    const before = existing.get(write.id);
    if (!before) added.push(write.id);
    else if (!before.published || !sameColumns(before, write)) changed.push(write.id);
    else unchanged.push(write.id);
  }
  const missingRows = await tx
    .select({ id: catalogProduct.id })
    .from(catalogProduct)
    .where(sql`${catalogProduct.published} and not (${catalogProduct.id} = ${fileIds})`)
    .orderBy(catalogProduct.id);
  return {
    revision: state?.revision ?? 0,
    repairs: imported.repairs,
    warnings: imported.warnings,
    added,
    changed,
    unchanged,
    missing: missingRows.map((row) => row.id),
  };
}

/** Each product with the columns a write sets (worked out once for the plan and the write). */
function writesOf(products: readonly CatalogueRecord[]): ProductWrite[] {
  return products.map((record) => ({ id: record.id, ...columnsFromProduct(productFromRecord(record)) }));
}

/** Texts and numbers compared as they are; the pictures' list (JSON) by its text. */
function sameColumns(before: ProductWrite, after: ProductWrite): boolean {
  return (Object.keys(after) as (keyof ProductWrite)[]).every((key) => {
    const [was, is] = [before[key], after[key]];
    return typeof is === "object" ? JSON.stringify(was) === JSON.stringify(is) : was === is;
  });
}
