import MiniSearch from "minisearch";
import { foldText } from "./fold-text.ts";
import type { Product } from "./product-schema.ts";

/** What the search reads of a product: its code and its texts in both languages. */
export type SearchDocument = {
  id: number;
  codigo: string;
  texto: string;
  descripcion: string;
  textoPt: string;
  descripcionPt: string;
};

export type ProductSearch = (query: string) => readonly Product[];

/**
 * The search index of a catalogue that changes while the shop runs (decision 053): built once,
 * then told which products changed or left, so a price edit on a catalogue of 100,000 products
 * never rebuilds it. It answers ids, best first; the catalogue resolves them.
 */
export type SearchIndex = {
  search(query: string): readonly number[];
  add(documents: readonly SearchDocument[]): void;
  /** Products added or changed (their texts or code may be new), and ids no longer listed. */
  update(changed: readonly SearchDocument[], removedIds: readonly number[]): void;
};

/**
 * The same, answered later: in this thread (`searchHere`) or on a thread of its own (the
 * server's, `server/catalog/search-thread.ts`), where its hundreds of megabytes at 100,000
 * products stay out of the heap that serves pages.
 */
export type ProductSearchIndex = {
  search(query: string): Promise<readonly number[]>;
  update(changed: readonly Product[], removedIds: readonly number[]): void;
};

/**
 * Typo-tolerant search over title, description and code in both languages. A query that is
 * exactly a product code returns just the products with that code.
 */
export function createSearchIndex(documents: readonly SearchDocument[] = []): SearchIndex {
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
  /** Lower-cased code → the ids carrying it (codes may repeat in an imported catalogue). */
  const byCode = new Map<string, Set<number>>();
  const codeOf = new Map<number, string>();
  const add = (document: SearchDocument) => {
    index.add(document);
    const code = document.codigo.toLowerCase();
    codeOf.set(document.id, code);
    if (code === "") return;
    const ids = byCode.get(code) ?? new Set<number>();
    ids.add(document.id);
    byCode.set(code, ids);
  };
  const forget = (id: number) => {
    const code = codeOf.get(id);
    if (code === undefined) return;
    byCode.get(code)?.delete(id);
    codeOf.delete(id);
    if (index.has(id)) index.discard(id);
  };
  for (const document of documents) add(document);

  return {
    search(query) {
      const trimmed = query.trim();
      if (trimmed === "") return [];
      const byCodeIds = byCode.get(trimmed.toLowerCase());
      if (byCodeIds && byCodeIds.size > 0) return [...byCodeIds].sort((a, b) => a - b);
      return index.search(trimmed).map((hit) => Number(hit.id));
    },
    add(more) {
      for (const document of more) add(document);
    },
    update(changed, removedIds) {
      for (const id of removedIds) forget(id);
      for (const document of changed) {
        forget(document.id);
        add(document);
      }
    },
  };
}

/** A catalogue's index in this thread: built on the first search, answered at once. */
export function searchHere(products: readonly Product[]): ProductSearchIndex {
  let index: SearchIndex | undefined;
  const built = () => {
    index ??= createSearchIndex(products.map(toSearchDocument));
    return index;
  };
  return {
    search: async (query) => built().search(query),
    update: (changed, removedIds) => built().update(changed.map(toSearchDocument), removedIds),
  };
}

/** A search over a fixed list of products (the built-in catalogue's tests, a file's preview). */
export function createProductSearch(products: readonly Product[]): ProductSearch {
  const index = createSearchIndex(products.map(toSearchDocument));
  const byId = new Map(products.map((product) => [product.id, product]));
  return (query) => resolveIds(index.search(query), (id) => byId.get(id));
}

/** The products of these ids, in their order; ids no longer listed are left out. */
export function resolveIds(
  ids: readonly number[],
  getProduct: (id: number) => Product | undefined,
): readonly Product[] {
  return ids.map(getProduct).filter((product): product is Product => product !== undefined);
}

export function toSearchDocument(product: Product): SearchDocument {
  return {
    id: product.id,
    codigo: product.codigo,
    texto: product.texto,
    descripcion: product.descripcion,
    textoPt: product.pt.texto,
    descripcionPt: product.pt.descripcion,
  };
}
