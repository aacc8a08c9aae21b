import { getTableColumns, type SQL, type SQLChunk, sql } from "drizzle-orm";
import { catalogProduct } from "../db/catalog-schema.ts";
import type { Transaction } from "../db/client.ts";
import type { ProductColumns } from "./catalog-rows.ts";

/**
 * Rows per statement. Each batch travels as one JSON parameter (a few megabytes), so the
 * statement's 65,535-parameter limit does not bound it, and building it costs the process
 * nothing per row: an import of 100,000 products is 50 statements.
 */
export const ROWS_PER_BATCH = 2000;

/** A product as an import writes it: its id and the columns a write sets. */
export type ProductWrite = ProductColumns & { id: number };

type ColumnKey = keyof ProductWrite;

/** The columns a write sets, by their keys in `ProductWrite` (which name the JSON's fields). */
const writtenColumns = Object.entries(getTableColumns(catalogProduct)).filter(
  ([key]) => !["published", "version", "revision", "updatedAt"].includes(key),
) as [ColumnKey, (typeof catalogProduct)[ColumnKey]][];

const identifier = (name: string) => sql.identifier(name);
const joined = (parts: SQLChunk[]) => sql.join(parts, sql`, `);

/** `jsonb_to_recordset($1) as r("id" integer, "codigo" text, …)`: a batch as rows. */
function recordsetOf(json: string): SQL {
  const definitions = writtenColumns.map(
    ([key, column]) => sql`${identifier(key)} ${sql.raw(column.getSQLType())}`,
  );
  return sql`jsonb_to_recordset(${json}::jsonb) as r(${joined(definitions)})`;
}

/** `= any(…)` of these ids as one text parameter, whatever their number (65,535 at most otherwise). */
export function anyOfIds(ids: readonly number[]): SQL {
  return sql`any(string_to_array(${ids.join(",")}, ',')::int[])`;
}

/**
 * Inserts these products published, or overwrites them with their version raised, stamped with
 * `revision`: one statement per batch, each batch one JSON parameter.
 */
export async function upsertProducts(
  tx: Transaction,
  products: readonly ProductWrite[],
  revision: number,
): Promise<void> {
  const targets = writtenColumns.map(([, column]) => identifier(column.name));
  const values = writtenColumns.map(([key]) => sql`r.${identifier(key)}`);
  const updates = writtenColumns
    .filter(([key]) => key !== "id")
    .map(([, column]) => sql`${identifier(column.name)} = excluded.${identifier(column.name)}`);
  for (let start = 0; start < products.length; start += ROWS_PER_BATCH) {
    const batch = JSON.stringify(products.slice(start, start + ROWS_PER_BATCH));
    await tx.execute(sql`
      insert into catalog_product (${joined(targets)}, published, revision, updated_at)
      select ${joined(values)}, true, ${revision}, now() from ${recordsetOf(batch)}
      on conflict (id) do update set ${joined(updates)}, published = true,
        revision = excluded.revision, updated_at = excluded.updated_at,
        version = catalog_product.version + 1`);
  }
}
