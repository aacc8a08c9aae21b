import { parentPort } from "node:worker_threads";
import { createSearchIndex } from "#catalog/search.ts";
import type { SearchReply, SearchRequest } from "./search-thread.ts";

/**
 * The search index's own thread (search-thread.ts): it takes the catalogue's documents in parts,
 * its changes, and searches, in the order they were posted, and answers each search with its ids.
 */
const index = createSearchIndex();
const port = parentPort;
if (!port) throw new Error("search-thread-worker.ts runs as a worker thread only");

port.on("message", (message: SearchRequest) => {
  if (message.kind === "add") index.add(message.documents);
  else if (message.kind === "update") index.update(message.changed, message.removedIds);
  else {
    const reply: SearchReply = { id: message.id, ids: index.search(message.query) };
    port.postMessage(reply);
  }
});
