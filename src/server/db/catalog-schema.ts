import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** One extra-pictures slot of a product, as the catalogue file writes it (spec §3). */
type ExtraImages = { imagen1: string; imagen2: string; imagen3: string };

/**
 * The catalogue's products (issue 32, decision 053): seeded from the built-in file on an empty
 * database, then changed by the back office and by imports. The keys are the spec's field names
 * (§3) so a row reads as the product it is; the price is in cents. A product is never deleted:
 * hidden (`published` false), its page answers 404 and its orders keep it. `version` is what a
 * staff member read (a stale edit is refused); `revision` is the catalogue revision that last
 * wrote the row, which is how every process reads just what changed since its own copy.
 */
export const catalogProduct = pgTable(
  "catalog_product",
  {
    id: integer("id").primaryKey(),
    codigo: text("codigo").notNull().default(""),
    published: boolean("published").notNull().default(true),
    priceCents: integer("price_cents").notNull(),
    texto: text("texto").notNull(),
    descripcion: text("descripcion").notNull().default(""),
    detalles: text("detalles").notNull().default(""),
    informacion: text("informacion").notNull().default(""),
    textoPt: text("texto_pt").notNull(),
    descripcionPt: text("descripcion_pt").notNull().default(""),
    detallesPt: text("detalles_pt").notNull().default(""),
    informacionPt: text("informacion_pt").notNull().default(""),
    imagen: text("imagen").notNull().default(""),
    otrasImagenes: jsonb("otras_imagenes").$type<ExtraImages[]>().notNull().default([]),
    categoria: text("categoria").notNull().default(""),
    subcategoria: text("subcategoria").notNull().default(""),
    subcategoria2: text("subcategoria2").notNull().default(""),
    subcategoria4: text("subcategoria4").notNull().default(""),
    edades: text("edades").notNull().default(""),
    edades2: text("edades2").notNull().default(""),
    edadesCio: text("edades_cio").notNull().default(""),
    edadesoo: text("edadesoo").notNull().default(""),
    adulto: text("adulto").notNull().default(""),
    version: integer("version").notNull().default(1),
    revision: bigint("revision", { mode: "number" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("catalog_product_revision_idx").on(table.revision),
    check("catalog_product_price_range", sql`${table.priceCents} between 0 and 1000000`),
    check("catalog_product_id_positive", sql`${table.id} > 0`),
  ],
);

/** The categories' texts and pictures (spec §4's category details), in both languages. */
export const catalogCategory = pgTable(
  "catalog_category",
  {
    name: text("name").primaryKey(),
    descripcion: text("descripcion").notNull(),
    descripcionPt: text("descripcion_pt").notNull(),
    imagen: text("imagen").notNull().default(""),
    revision: bigint("revision", { mode: "number" }).notNull(),
  },
  (table) => [index("catalog_category_revision_idx").on(table.revision)],
);

/**
 * The catalogue's revision: one row (id 1, seeded by its migration at 0, "never written"). Every
 * change of the catalogue raises it in its own transaction and stamps the rows it writes with
 * it; the row lock this takes orders the writers, so revisions commit in their order and a
 * process that has read up to N misses nothing below it. A raise announces NOTIFY
 * `catalog_changes` at commit (`catalog/catalog-store.ts`).
 */
export const catalogState = pgTable(
  "catalog_state",
  {
    id: integer("id").primaryKey().default(1),
    revision: bigint("revision", { mode: "number" }).notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("catalog_state_one_row", sql`${table.id} = 1`)],
);
