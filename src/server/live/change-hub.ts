import { isShopperDocument, type ShopperDocument } from "#shared/api/live-contract.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { type ChangeWatch, followChanges } from "../db/listen-with-retry.ts";
import type { Logger } from "../logger.ts";

const CHANNEL = "shopper_changes";

export type ChangeListener = (document: ShopperDocument) => void;

/** One of a shopper's documents changed. */
export type ShopperChange = { userId: string; document: ShopperDocument };

export type ChangeHub = {
  /**
   * Tells every server process sharing the database that a shopper's documents changed, once the
   * write that changed them has committed. This process's watchers hear it before the call
   * returns; the NOTIFY for the others goes with every other publish of the same turn of the event
   * loop, in one statement, and the promise settles when it has gone (it never rejects: a change
   * that could not be announced is logged, and the write it announces stands).
   */
  publish(userId: string, ...documents: [ShopperDocument, ...ShopperDocument[]]): Promise<void>;
  /** One shopper's changes, from any process (the live event streams). */
  subscribe(userId: string, listener: ChangeListener): () => void;
  /**
   * Every shopper's changes: this process's own as soon as they are published, and again, with
   * every other process's, when the database delivers them (the caches that drop what a change
   * makes stale, where twice is harmless).
   */
  watch(watch: ChangeWatch<ShopperChange>): () => void;
  /** How many live streams this process has open (the metrics' `shop_event_streams`). */
  streams(): number;
  close(): Promise<void>;
};

/**
 * Fans PostgreSQL NOTIFY messages out to this process's open event streams, by user, and to the
 * caches that follow every shopper. One LISTEN per process, re-established with back-off when it
 * fails. Changes are announced after their write commits, never inside it: PostgreSQL holds a
 * database-wide lock from a writing transaction's NOTIFY to the end of its commit, so every such
 * commit would wait for the disk behind the one before (decision 022).
 */
export async function createChangeHub(database: DatabaseHandle, logger: Logger): Promise<ChangeHub> {
  const subscribers = new Map<string, Set<ChangeListener>>();
  const watchers = new Set<ChangeWatch<ShopperChange>>();
  // The database's deliveries, with a reconnection reported as missed changes (`followChanges`).
  const listening = await followChanges(
    database,
    CHANNEL,
    parseMessage,
    {
      onChange: (change) => {
        for (const listener of subscribers.get(change.userId) ?? []) listener(change.document);
        for (const watcher of watchers) watcher.onChange(change);
      },
      onMissed: () => {
        for (const watcher of watchers) watcher.onMissed();
      },
    },
    logger,
  );
  const announce = announcer(async (payloads) => {
    try {
      await database.notify(CHANNEL, ...payloads);
    } catch (error) {
      logger.error({ err: error, count: payloads.length }, "shopper changes not announced");
    }
  });

  return {
    publish(userId, ...documents) {
      for (const document of documents)
        for (const watcher of watchers) watcher.onChange({ userId, document });
      return announce(documents.map((document) => JSON.stringify({ userId, document })));
    },
    subscribe(userId, listener) {
      const set = subscribers.get(userId) ?? new Set();
      set.add(listener);
      subscribers.set(userId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) subscribers.delete(userId);
      };
    },
    watch(watch) {
      watchers.add(watch);
      return () => watchers.delete(watch);
    },
    streams() {
      let open = 0;
      for (const set of subscribers.values()) open += set.size;
      return open;
    },
    close: () => listening.close(),
  };
}

/**
 * Gathers the payloads asked for during one turn of the event loop and hands them to `send` once,
 * in order and without repeats; each caller's promise settles when its batch has been sent.
 */
export function announcer(send: (payloads: string[]) => Promise<void>) {
  let gathering: Set<string> | undefined;
  let sent: Promise<void> = Promise.resolve();
  return (payloads: string[]): Promise<void> => {
    if (!gathering) {
      const batch = new Set<string>();
      gathering = batch;
      sent = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        gathering = undefined;
        return send([...batch]);
      });
    }
    for (const payload of payloads) gathering.add(payload);
    return sent;
  };
}

function parseMessage(payload: string): ShopperChange | undefined {
  try {
    const value = JSON.parse(payload) as { userId?: unknown; document?: unknown };
    if (typeof value.userId !== "string") return undefined;
    if (!isShopperDocument(value.document)) return undefined;
    return { userId: value.userId, document: value.document };
  } catch {
    return undefined;
  }
}
