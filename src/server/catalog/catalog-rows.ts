import type { CategoryDetail, Product } from "#catalog/product-schema.ts";
import type { catalogCategory, catalogProduct } from "../db/catalog-schema.ts";

export type ProductRow = typeof catalogProduct.$inferSelect;
export type CategoryRow = typeof catalogCategory.$inferSelect;
/** A product's columns as a write sets them (the keys, the revision and the clock aside). */
export type ProductColumns = Omit<ProductRow, "id" | "published" | "version" | "revision" | "updatedAt">;

/** A row as the shop serves it: the spec's record, its Portuguese texts under `pt` (§3). */
export function productFromRow(row: ProductRow): Product {
  const {
    textoPt,
    descripcionPt,
    detallesPt,
    informacionPt,
    published,
    version,
    revision,
    updatedAt,
    ...rest
  } = row;
  return {
    ...rest,
    pt: { texto: textoPt, descripcion: descripcionPt, detalles: detallesPt, informacion: informacionPt },
  };
}

export function columnsFromProduct(product: Product): ProductColumns {
  const { id, pt, ...rest } = product;
  return {
    ...rest,
    textoPt: pt.texto,
    descripcionPt: pt.descripcion,
    detallesPt: pt.detalles,
    informacionPt: pt.informacion,
  };
}

export function categoryFromRow(row: CategoryRow): CategoryDetail {
  return {
    Categoria: row.name,
    TextoDescripcion: row.descripcion,
    Imagen: row.imagen,
    pt: { TextoDescripcion: row.descripcionPt },
  };
}

export function categoryColumns(detail: CategoryDetail): Omit<CategoryRow, "revision"> {
  return {
    name: detail.Categoria,
    descripcion: detail.TextoDescripcion,
    descripcionPt: detail.pt.TextoDescripcion,
    imagen: detail.Imagen,
  };
}
