import { Worker } from "node:worker_threads";
import type { Product } from "#catalog/product-schema.ts";
import { type ProductSearchIndex, type SearchDocument, toSearchDocument } from "#catalog/search.ts";
import type { Logger } from "../logger.ts";

/** What the index's thread is told, in order. */
export type SearchRequest =
  | { kind: "add"; documents: SearchDocument[] }
  | { kind: "update"; changed: SearchDocument[]; removedIds: number[] }
  | { kind: "search"; id: number; query: string };
/** Its answer to one search. */
export type SearchReply = { id: number; ids: readonly number[] };

/** Documents posted per turn of the event loop: copying 100,000 at once would stall the pages. */
const DOCUMENTS_PER_POST = 2000;

export type SearchThread = ProductSearchIndex & { close: () => Promise<void> };

/**
 * The catalogue's search index on a worker thread of its own (decision 059): at 100,000 products
 * MiniSearch's index is about 375 MB, which in the thread serving pages made every major garbage
 * collection long (category pages' p99), and its building competed with the first requests. The
 * documents are posted a few thousand per turn; a search waits until all are posted (the thread
 * takes messages in order, so it answers once the index is whole). If the thread dies it is started
 * again from the products it was last given, and the searches it owed are asked again.
 */
export function startSearchThread(products: readonly Product[], logger: Logger): SearchThread {
  const documents = new Map(products.map((product) => [product.id, toSearchDocument(product)]));
  const owed = new Map<number, { query: string; resolve: (ids: readonly number[]) => void }>();
  let nextId = 0;
  let closing = false;
  let worker: Worker;
  let loaded: Promise<void>;

  const start = () => {
    worker = new Worker(new URL("./search-thread-worker.ts", import.meta.url));
    worker.unref();
    worker.on("message", ({ id, ids }: SearchReply) => {
      owed.get(id)?.resolve(ids);
      owed.delete(id);
    });
    worker.on("error", (error) => logger.error({ err: error }, "search thread failed"));
    worker.on("exit", (code) => {
      if (closing) return;
      logger.error({ code }, "search thread ended; starting it again");
      start();
      for (const [id, { query }] of owed) void post({ kind: "search", id, query });
    });
    loaded = postInParts([...documents.values()]);
  };

  const post = async (request: SearchRequest) => {
    await loaded;
    worker.postMessage(request);
  };

  const postInParts = async (all: SearchDocument[]) => {
    for (let start = 0; start < all.length; start += DOCUMENTS_PER_POST) {
      worker.postMessage({ kind: "add", documents: all.slice(start, start + DOCUMENTS_PER_POST) });
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  start();
  return {
    search: (query) =>
      new Promise((resolve) => {
        const id = nextId++;
        owed.set(id, { query, resolve });
        void post({ kind: "search", id, query });
      }),
    update(changed, removedIds) {
      for (const id of removedIds) documents.delete(id);
      const changedDocuments = changed.map(toSearchDocument);
      for (const document of changedDocuments) documents.set(document.id, document);
      void post({ kind: "update", changed: changedDocuments, removedIds: [...removedIds] });
    },
    close: async () => {
      closing = true;
      await worker.terminate();
    },
  };
}
