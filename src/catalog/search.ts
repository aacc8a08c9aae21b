import MiniSearch from "minisearch";
import { foldText } from "./fold-text.ts";
import type { Product } from "./product-schema.ts";

type SearchDocument = {
  id: number;
  codigo: string;
  texto: string;
  descripcion: string;
  textoPt: string;
  descripcionPt: string;
};

export type ProductSearch = (query: string) => readonly Product[];

/**
 * Typo-tolerant search over title, description and code in both languages. A query that is
 * exactly a product code returns just the products with that code.
 */
export function createProductSearch(products: readonly Product[]): ProductSearch {
  const index = new MiniSearch<SearchDocument>({
    fields: ["codigo", "texto", "descripcion", "textoPt", "descripcionPt"],
    processTerm: (term) => foldText(term),
    searchOptions: {
      boost: { codigo: 4, texto: 3, textoPt: 2 },
      prefix: (term) => term.length >= 3,
      fuzzy: (term) => (term.length >= 4 ? 0.2 : false),
      combineWith: "AND",
    },
  });
  index.addAll(products.map(toSearchDocument));
  const byId = new Map(products.map((product) => [product.id, product]));

  return (query) => {
    const trimmed = query.trim();
    if (trimmed === "") return [];
    const byCode = products.filter((p) => p.codigo.toLowerCase() === trimmed.toLowerCase());
    if (byCode.length > 0) return byCode;
    return index
      .search(trimmed)
      .map((hit) => byId.get(Number(hit.id)))
      .filter((product): product is Product => product !== undefined);
  };
}

function toSearchDocument(product: Product): SearchDocument {
  return {
    id: product.id,
    codigo: product.codigo,
    texto: product.texto,
    descripcion: product.descripcion,
    textoPt: product.pt.texto,
    descripcionPt: product.pt.descripcion,
  };
}
