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
 * The search index of a catalogue that changes while the shop runs (decision 053): built once,
 * then told which products changed or left, so a price edit on a catalogue of 100,000 products
 * never rebuilds it. It keeps ids; `search` resolves them through the catalogue it is asked for.
 */
export type ProductSearchIndex = {
  search(query: string, getProduct: (id: number) => Product | undefined): readonly Product[];
  /** Products added or changed (their texts or code may be new), and ids no longer listed. */
  update(changed: readonly Product[], removedIds: readonly number[]): void;
};

/** Documents indexed between two turns of the event loop when the index is built in the background. */
const DOCUMENTS_PER_TURN = 250;

/**
 * Typo-tolerant search over title, description and code in both languages. A query that is
 * exactly a product code returns just the products with that code.
 *
 * `inBackground`: the index is filled a few hundred products at a time between the event loop's
 * turns, so a process with 100,000 products answers pages before it is done (issue 32); a search
 * or an update before then finishes it first. The index is the same either way (the products are
 * added in the same order), so are the answers.
 */
export function createProductSearchIndex(
  products: readonly Product[],
  { inBackground = false }: { inBackground?: boolean } = {},
): ProductSearchIndex {
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
  let added = 0;
  const addUpTo = (end: number) => {
    for (; added < Math.min(end, products.length); added += 1) {
      const product = products[added];
      if (product) index.add(toSearchDocument(product));
    }
  };
  const finish = () => addUpTo(products.length);
  const fillSome = () => {
    addUpTo(added + DOCUMENTS_PER_TURN);
    if (added < products.length) setImmediate(fillSome);
  };
  if (inBackground) setImmediate(fillSome);
  else finish();
  /** Lower-cased code → the ids carrying it (codes may repeat in an imported catalogue). */
  const byCode = new Map<string, Set<number>>();
  const codeOf = new Map<number, string>();
  const indexCode = (product: Product) => {
    const code = product.codigo.toLowerCase();
    codeOf.set(product.id, code);
    if (code === "") return;
    const ids = byCode.get(code) ?? new Set<number>();
    ids.add(product.id);
    byCode.set(code, ids);
  };
  const forget = (id: number) => {
    const code = codeOf.get(id);
    if (code === undefined) return;
    byCode.get(code)?.delete(id);
    codeOf.delete(id);
    if (index.has(id)) index.discard(id);
  };
  for (const product of products) indexCode(product);

  return {
    search(query, getProduct) {
      const trimmed = query.trim();
      if (trimmed === "") return [];
      finish();
      const resolve = (ids: Iterable<number>) =>
        [...ids].map(getProduct).filter((product): product is Product => product !== undefined);
      const byCodeIds = byCode.get(trimmed.toLowerCase());
      if (byCodeIds && byCodeIds.size > 0) {
        const found = resolve([...byCodeIds].sort((a, b) => a - b));
        if (found.length > 0) return found;
      }
      return resolve(index.search(trimmed).map((hit) => Number(hit.id)));
    },
    update(changed, removedIds) {
      finish();
      for (const id of removedIds) forget(id);
      for (const product of changed) {
        forget(product.id);
        index.add(toSearchDocument(product));
        indexCode(product);
      }
    },
  };
}

/** A search over a fixed list of products (the built-in catalogue's tests, a file's preview). */
export function createProductSearch(products: readonly Product[]): ProductSearch {
  const index = createProductSearchIndex(products);
  const byId = new Map(products.map((product) => [product.id, product]));
  return (query) => index.search(query, (id) => byId.get(id));
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
