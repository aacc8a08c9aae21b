import { isShopperDocument, type ShopperDocument } from "#shared/api/live-contract.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { Logger } from "../logger.ts";

const CHANNEL = "shopper_changes";
const RETRY_MAX_MS = 30_000;

export type ChangeListener = (document: ShopperDocument) => void;

export type ChangeHub = {
  /** Tells every server process sharing the database that a shopper's document changed. */
  publish(userId: string, document: ShopperDocument): Promise<void>;
  subscribe(userId: string, listener: ChangeListener): () => void;
  close(): Promise<void>;
};

/**
 * Fans PostgreSQL NOTIFY messages out to this process's open event streams, by user. One
 * LISTEN per process; if it fails it is logged and re-established with back-off.
 */
export async function createChangeHub(database: DatabaseHandle, logger: Logger): Promise<ChangeHub> {
  const subscribers = new Map<string, Set<ChangeListener>>();
  let stopListening: (() => Promise<void>) | undefined;
  let closed = false;
  let retryMs = 1000;

  const deliver = (payload: string) => {
    const message = parseMessage(payload);
    if (!message) return logger.warn({ payload }, "ignored a malformed change notification");
    for (const listener of subscribers.get(message.userId) ?? []) listener(message.document);
  };

  async function startListening(): Promise<void> {
    try {
      stopListening = await database.listen(CHANNEL, deliver, (error) => {
        logger.error({ err: error }, "change listener failed; reconnecting");
        void restart();
      });
      retryMs = 1000;
    } catch (error) {
      logger.error({ err: error, retryMs }, "could not listen for changes; retrying");
      setTimeout(() => void restart(), retryMs).unref();
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    }
  }

  async function restart(): Promise<void> {
    if (closed) return;
    await stopListening?.().catch(() => undefined);
    stopListening = undefined;
    await startListening();
  }

  await startListening();

  return {
    publish: (userId, document) => database.notify(CHANNEL, JSON.stringify({ userId, document })),
    subscribe(userId, listener) {
      const set = subscribers.get(userId) ?? new Set();
      set.add(listener);
      subscribers.set(userId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) subscribers.delete(userId);
      };
    },
    async close() {
      closed = true;
      await stopListening?.();
    },
  };
}

function parseMessage(payload: string): { userId: string; document: ShopperDocument } | undefined {
  try {
    const value = JSON.parse(payload) as { userId?: unknown; document?: unknown };
    if (typeof value.userId !== "string") return undefined;
    if (!isShopperDocument(value.document)) return undefined;
    return { userId: value.userId, document: value.document };
  } catch {
    return undefined;
  }
}
