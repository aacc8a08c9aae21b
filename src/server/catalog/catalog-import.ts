import { eq, inArray, sql } from "drizzle-orm";
import { importCatalog } from "#catalog/import/import-catalog.ts";
import { type CatalogueRecord, productFromRecord } from "#catalog/product-schema.ts";
import { catalogProduct, catalogState } from "../db/catalog-schema.ts";
import type { Database, Transaction } from "../db/client.ts";
import { seedStock } from "../stock/stock-repository.ts";
import { columnsFromProduct, type ProductColumns } from "./catalog-rows.ts";
import { changeCatalog } from "./catalog-store.ts";

/** Rows per statement: 27 columns each stays well under PostgreSQL's 65,535 parameters. */
const ROWS_PER_STATEMENT = 1000;

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
  const plan = await db.transaction(async (tx) => planOf(tx, imported), {
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
    const plan = await planOf(tx, imported);
    await writeProducts(tx, imported.products, [...plan.added, ...plan.changed], revision);
    if (options.hideMissing && plan.missing.length > 0)
      await tx
        .update(catalogProduct)
        .set({
          published: false,
          version: sql`${catalogProduct.version} + 1`,
          revision,
          updatedAt: new Date(),
        })
        .where(inArray(catalogProduct.id, plan.missing));
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

async function planOf(
  tx: Transaction,
  imported: { products: CatalogueRecord[]; repairs: string[]; warnings: string[] },
): Promise<ImportPlan> {
  const [state] = await tx.select().from(catalogState).where(eq(catalogState.id, 1));
  const byId = new Map(imported.products.map((record) => [record.id, record]));
  const ids = [...byId.keys()];
  const existing = new Map<number, ProductColumns & { published: boolean }>();
  for (let start = 0; start < ids.length; start += ROWS_PER_STATEMENT * 10) {
    const rows = await tx
      .select()
      .from(catalogProduct)
      .where(inArray(catalogProduct.id, ids.slice(start, start + ROWS_PER_STATEMENT * 10)));
    for (const { id, version, revision, updatedAt, ...columns } of rows) existing.set(id, columns);
  }
  const added: number[] = [];
  const changed: number[] = [];
  const unchanged: number[] = [];
  for (const [id, record] of byId) {
    const before = existing.get(id);
    if (!before) added.push(id);
    else if (!before.published || !sameColumns(before, columnsFromProduct(productFromRecord(record))))
      changed.push(id);
    else unchanged.push(id);
  }
  const missingRows = await tx
    .select({ id: catalogProduct.id })
    .from(catalogProduct)
    // One text parameter, whatever the file's size (a statement takes at most 65,535).
    .where(
      sql`${catalogProduct.published} and not (${catalogProduct.id} = any(string_to_array(${ids.join(",")}, ',')::int[]))`,
    )
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

function sameColumns(before: ProductColumns, after: ProductColumns): boolean {
  return (Object.keys(after) as (keyof ProductColumns)[]).every(
    (key) => JSON.stringify(before[key]) === JSON.stringify(after[key]),
  );
}

/** Inserts or overwrites these products (published), raising the version of those overwritten. */
async function writeProducts(
  tx: Transaction,
  records: readonly CatalogueRecord[],
  ids: readonly number[],
  revision: number,
): Promise<void> {
  const wanted = new Set(ids);
  const rows = records
    .filter((record) => wanted.has(record.id))
    .map((record) => ({
      id: record.id,
      ...columnsFromProduct(productFromRecord(record)),
      published: true,
      revision,
      updatedAt: new Date(),
    }));
  const columns = Object.keys(rows[0] ?? {}).filter((key) => key !== "id") as (keyof (typeof rows)[number])[];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    await tx
      .insert(catalogProduct)
      .values(rows.slice(start, start + ROWS_PER_STATEMENT))
      .onConflictDoUpdate({
        target: catalogProduct.id,
        set: {
          ...Object.fromEntries(columns.map((key) => [key, sql.raw(`excluded.${catalogProduct[key].name}`)])),
          version: sql`${catalogProduct.version} + 1`,
        },
      });
  }
}
