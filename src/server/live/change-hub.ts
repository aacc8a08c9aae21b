import { isShopperDocument, type ShopperDocument } from "#shared/api/live-contract.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import { listenWithRetry } from "./listen-with-retry.ts";

const CHANNEL = "shopper_changes";

export type ChangeListener = (document: ShopperDocument) => void;

/** A NOTIFY to send, for a statement that announces its own change when it commits. */
export type Announcement = { channel: string; payload: string };

export type ChangeHub = {
  /** Tells every server process sharing the database that a shopper's documents changed. */
  publish(userId: string, ...documents: [ShopperDocument, ...ShopperDocument[]]): Promise<void>;
  /** The same message, for a write statement to send itself (one round trip instead of two). */
  announcement(userId: string, document: ShopperDocument): Announcement;
  subscribe(userId: string, listener: ChangeListener): () => void;
  close(): Promise<void>;
};

/**
 * Fans PostgreSQL NOTIFY messages out to this process's open event streams, by user. One
 * LISTEN per process, re-established with back-off when it fails.
 */
export async function createChangeHub(database: DatabaseHandle, logger: Logger): Promise<ChangeHub> {
  const subscribers = new Map<string, Set<ChangeListener>>();
  const deliver = (payload: string) => {
    const message = parseMessage(payload);
    if (!message) return logger.warn({ payload }, "ignored a malformed change notification");
    for (const listener of subscribers.get(message.userId) ?? []) listener(message.document);
  };
  const listening = await listenWithRetry(database, CHANNEL, { onPayload: deliver }, logger);

  const announcement = (userId: string, document: ShopperDocument) => ({
    channel: CHANNEL,
    payload: JSON.stringify({ userId, document }),
  });
  return {
    publish: (userId, ...documents) =>
      database.notify(CHANNEL, ...documents.map((document) => announcement(userId, document).payload)),
    announcement,
    subscribe(userId, listener) {
      const set = subscribers.get(userId) ?? new Set();
      set.add(listener);
      subscribers.set(userId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) subscribers.delete(userId);
      };
    },
    close: () => listening.close(),
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
