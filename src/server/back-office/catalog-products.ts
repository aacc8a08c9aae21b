import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { canonicalCategory, categoryAliases } from "#catalog/categories.ts";
import { categoryFields } from "#catalog/product-schema.ts";
import {
  CATALOG_PAGE_SIZE,
  type CatalogList,
  type CatalogListQuery,
  type CatalogProduct,
  type ProductFields,
} from "#shared/api/back-office-catalog-contract.ts";
import type { ProductRow } from "../catalog/catalog-rows.ts";
import { catalogProduct } from "../db/catalog-schema.ts";
import type { Database, Transaction } from "../db/client.ts";
import { escapeLike } from "../db/like-pattern.ts";

const likePattern = (text: string) => `%${escapeLike(text)}%`;

/** A category's label and every variant that names it too (RopaDeCama, «ROPA DE CAMA»…; spec §2). */
function labelsOf(category: string): string[] {
  const canonical = canonicalCategory(category) ?? category;
  const variants = Object.entries(categoryAliases).flatMap(([alias, name]) =>
    name === canonical ? [alias] : [],
  );
  return [...new Set([category, canonical, ...variants])];
}

/** The products as the database holds them, hidden ones too, by name, 50 a page. */
export async function listCatalogProducts(db: Database, query: CatalogListQuery): Promise<CatalogList> {
  const conditions: SQL[] = [];
  if (query.q !== undefined) {
    const pattern = likePattern(query.q);
    const matches = or(
      ilike(catalogProduct.texto, pattern),
      ilike(catalogProduct.textoPt, pattern),
      ilike(catalogProduct.codigo, pattern),
    );
    if (matches) conditions.push(matches);
  }
  if (query.category !== undefined) {
    const labels = labelsOf(query.category);
    const filed = or(...categoryFields.map((field) => inArray(catalogProduct[field], labels)));
    if (filed) conditions.push(filed);
  }
  if (query.state !== undefined) conditions.push(eq(catalogProduct.published, query.state === "published"));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(catalogProduct)
      .where(where)
      .orderBy(asc(sql`lower(${catalogProduct.texto})`), asc(catalogProduct.id))
      .limit(CATALOG_PAGE_SIZE)
      .offset((query.page - 1) * CATALOG_PAGE_SIZE),
    db.select({ total: count() }).from(catalogProduct).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      codigo: row.codigo,
      texto: row.texto,
      priceCents: row.priceCents,
      categoria: row.categoria,
      subcategoria: row.subcategoria,
      imagen: row.imagen,
      published: row.published,
      updatedAt: row.updatedAt.toISOString(),
    })),
    total: totals[0]?.total ?? 0,
    page: query.page,
    pageSize: CATALOG_PAGE_SIZE,
  };
}

export function catalogProductView(row: ProductRow): CatalogProduct {
  return {
    id: row.id,
    published: row.published,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    fields: fieldsOf(row),
  };
}

function fieldsOf(row: ProductRow): ProductFields {
  const extra = row.otrasImagenes[0];
  return {
    codigo: row.codigo,
    priceCents: row.priceCents,
    es: {
      texto: row.texto,
      descripcion: row.descripcion,
      detalles: row.detalles,
      informacion: row.informacion,
    },
    pt: {
      texto: row.textoPt,
      descripcion: row.descripcionPt,
      detalles: row.detallesPt,
      informacion: row.informacionPt,
    },
    categoria: row.categoria,
    subcategoria: row.subcategoria,
    subcategoria2: row.subcategoria2,
    subcategoria4: row.subcategoria4,
    edades: row.edades,
    edades2: row.edades2,
    edadesCio: row.edadesCio,
    edadesoo: row.edadesoo,
    adulto: row.adulto,
    imagen: row.imagen,
    otrasImagenes: extra ? [extra.imagen1, extra.imagen2, extra.imagen3].filter((path) => path !== "") : [],
  };
}

/** The columns a product's fields are written to. */
export function columnsOfFields(fields: ProductFields) {
  const [imagen1 = "", imagen2 = "", imagen3 = ""] = fields.otrasImagenes;
  return {
    codigo: fields.codigo,
    priceCents: fields.priceCents,
    ...fields.es,
    textoPt: fields.pt.texto,
    descripcionPt: fields.pt.descripcion,
    detallesPt: fields.pt.detalles,
    informacionPt: fields.pt.informacion,
    categoria: fields.categoria,
    subcategoria: fields.subcategoria,
    subcategoria2: fields.subcategoria2,
    subcategoria4: fields.subcategoria4,
    edades: fields.edades,
    edades2: fields.edades2,
    edadesCio: fields.edadesCio,
    edadesoo: fields.edadesoo,
    adulto: fields.adulto,
    imagen: fields.imagen,
    otrasImagenes: fields.otrasImagenes.length > 0 ? [{ imagen1, imagen2, imagen3 }] : [],
  };
}

export async function readCatalogProduct(db: Database | Transaction, id: number, lock = false) {
  const query = db.select().from(catalogProduct).where(eq(catalogProduct.id, id));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export type ProductChange =
  | { ok: true; before: ProductRow; after: ProductRow }
  | { ok: false; error: "product-not-found" }
  | { ok: false; error: "stale-version"; current: ProductRow };

/**
 * Writes a change to one product under its row lock, if the version staff read is still the
 * product's: the later of two edits is refused, never merged, never lost (decision 053).
 */
export async function changeProduct(
  tx: Transaction,
  id: number,
  version: number,
  revision: number,
  change: Partial<typeof catalogProduct.$inferInsert>,
): Promise<ProductChange> {
  const before = await readCatalogProduct(tx, id, true);
  if (!before) return { ok: false, error: "product-not-found" };
  if (before.version !== version) return { ok: false, error: "stale-version", current: before };
  const [after] = await tx
    .update(catalogProduct)
    .set({ ...change, version: before.version + 1, revision, updatedAt: new Date() })
    .where(eq(catalogProduct.id, id))
    .returning();
  if (!after) return { ok: false, error: "product-not-found" };
  return { ok: true, before, after };
}
