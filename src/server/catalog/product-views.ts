import { type AgeGroup, isAgeGroup } from "#catalog/categories.ts";
import type { Product } from "#catalog/product-schema.ts";
import type { ProductCard, ProductDetail } from "#shared/api/catalog-contract.ts";
import type { Lang } from "#shared/lang.ts";
import type { StockLevels } from "../stock/stock-repository.ts";

/** Exclusive Japanese imports are sold one unit per order (spec §9). */
export function maxPerOrder(product: Product, available: number): number {
  return product.categoria === "LotesExclusivos" ? Math.min(1, available) : available;
}

export function toProductCard(product: Product, lang: Lang, stock: StockLevels): ProductCard {
  return {
    id: product.id,
    codigo: product.codigo,
    texto: lang === "pt" ? product.pt.texto : product.texto,
    imagen: product.imagen,
    priceCents: product.priceCents,
    stock: stock.get(product.id) ?? 0,
    categoria: product.categoria,
    subcategoria: product.subcategoria,
  };
}

export function toProductDetail(
  product: Product,
  lang: Lang,
  stock: StockLevels,
  related: readonly Product[],
): ProductDetail {
  const card = toProductCard(product, lang, stock);
  const texts = lang === "pt" ? product.pt : product;
  return {
    ...card,
    descripcion: texts.descripcion,
    detalles: texts.detalles,
    informacion: texts.informacion,
    images: productImages(product),
    ageGroups: ageGroupsOf(product),
    maxPerOrder: maxPerOrder(product, card.stock),
    related: related.map((p) => toProductCard(p, lang, stock)),
  };
}

/** An imported product may have no main picture (""): its first extra one leads, or the placeholder. */
function productImages(product: Product): string[] {
  const extras = product.otrasImagenes.flatMap((set) => [set.imagen1, set.imagen2, set.imagen3]);
  return [product.imagen, ...extras].filter((url) => url !== "");
}

function ageGroupsOf(product: Product): AgeGroup[] {
  const slots = [product.edades, product.edades2, product.edadesCio, product.edadesoo, product.adulto];
  // An age band the shop does not know (an imported one) files the product under it, but is no AgeGroup.
  return slots.filter(isAgeGroup);
}
