import { type Catalog, catalogOf } from "#catalog/catalog.ts";
import type { CategoryDetail, Product } from "#catalog/product-schema.ts";
import { createProductSearchIndex, type ProductSearchIndex } from "#catalog/search.ts";
import type { Database, DatabaseHandle } from "../db/client.ts";
import { followChanges } from "../db/listen-with-retry.ts";
import type { Logger } from "../logger.ts";
import { categoryFromRow, productFromRow } from "./catalog-rows.ts";
import { CATALOG_CHANNEL, readCatalogChanges } from "./catalog-store.ts";

/**
 * The storefront's catalogue, read from the database and kept in step with it (decision 053):
 * each method answers from the latest revision this process has read. Every change, made here or
 * by another process or machine, is read within a moment of its NOTIFY, and `onChange` listeners
 * (the page caches, the live streams) hear of it once it is in place.
 */
export type LiveCatalog = Catalog & {
  revision(): number;
  /** Reads what changed since this process's revision (after a write here, before answering). */
  refresh(): Promise<void>;
  onChange(listener: (revision: number) => void): () => void;
  /** A product whatever its state: hidden products stay in the orders and the back office. */
  getAnyProduct(id: number): Product | undefined;
  close(): Promise<void>;
};

/** What a process holds of the catalogue: every product, the published ones listed. */
type Holding = {
  all: Map<number, Product>;
  published: Map<number, Product>;
  categories: Map<string, CategoryDetail>;
};

/** A safety net under the NOTIFY: a change announced while a read failed is read at the latest then. */
const POLL_MS = 30_000;

export async function startLiveCatalog(database: DatabaseHandle, logger: Logger): Promise<LiveCatalog> {
  const live = createLiveCatalog(database.db, logger);
  await live.refresh();
  if (live.revision() === 0) throw new Error("the catalogue could not be read, or was never seeded");
  const poll = setInterval(() => void live.refresh(), POLL_MS);
  poll.unref();
  const watch = await followChanges(
    database,
    CATALOG_CHANNEL,
    (payload) => (Number.isSafeInteger(Number(payload)) ? Number(payload) : undefined),
    {
      onChange: (revision) => {
        if (revision > live.revision()) void live.refresh();
      },
      onMissed: () => void live.refresh(),
    },
    logger,
  );
  return {
    ...live,
    close: async () => {
      clearInterval(poll);
      await watch.close();
    },
  };
}

/** The live catalogue without its database watch (tests drive `refresh` by hand). */
export function createLiveCatalog(db: Database, logger: Logger): LiveCatalog {
  const holding: Holding = { all: new Map(), published: new Map(), categories: new Map() };
  const listeners = new Set<(revision: number) => void>();
  let revision = 0;
  let searchIndex: ProductSearchIndex | undefined;
  let current = catalogOf([], []);
  let running: Promise<void> | undefined;
  let again = false;

  async function readOnce(): Promise<void> {
    const changes = await readCatalogChanges(db, revision);
    if (changes.revision <= revision) return;
    const changed: Product[] = [];
    const removed: number[] = [];
    for (const row of changes.products) {
      const product = productFromRow(row);
      holding.all.set(row.id, product);
      if (row.published) {
        holding.published.set(row.id, product);
        changed.push(product);
      } else if (holding.published.delete(row.id)) removed.push(row.id);
    }
    for (const row of changes.categories) holding.categories.set(row.name, categoryFromRow(row));
    const products = [...holding.published.values()].sort((a, b) => a.id - b.id);
    if (searchIndex) searchIndex.update(changed, removed);
    // Built between the event loop's turns: the first read answers pages before it is done.
    else searchIndex = createProductSearchIndex(products, { inBackground: true });
    current = catalogOf(products, [...holding.categories.values()], searchIndex);
    revision = changes.revision;
    for (const listener of listeners) listener(revision);
  }

  /** One read at a time; a call during one is answered by the read that follows it. */
  async function refresh(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await readOnce();
        } while (again);
      } catch (error) {
        logger.error({ err: error }, "catalogue: could not read its changes; keeping the last revision");
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  return {
    listProducts: () => current.listProducts(),
    getProduct: (id) => current.getProduct(id),
    listProductsByCategory: (category) => current.listProductsByCategory(category),
    getCategoryDetail: (name) => current.getCategoryDetail(name),
    listCategoryDetails: () => current.listCategoryDetails(),
    search: (query) => current.search(query),
    memo: (key, compute) => current.memo(key, compute),
    revision: () => revision,
    refresh,
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getAnyProduct: (id) => holding.all.get(id),
    close: async () => {},
  };
}
