import type { Logger } from "../logger.ts";
import type { DatabaseHandle } from "./client.ts";

const RETRY_MAX_MS = 30_000;

export type ListenOptions = {
  onPayload: (payload: string) => void;
  /**
   * Called each time the LISTEN is in place, the first time and after every reconnection:
   * whatever was announced while it was down has been missed.
   */
  onListening?: () => void;
};

/**
 * PostgreSQL LISTEN on one channel for as long as the process runs: a failed or lost connection
 * is logged and listened again with back-off. Resolves once the first attempt has settled.
 */
export async function listenWithRetry(
  database: DatabaseHandle,
  channel: string,
  { onPayload, onListening }: ListenOptions,
  logger: Logger,
): Promise<{ close(): Promise<void> }> {
  let stopListening: (() => Promise<void>) | undefined;
  let closed = false;
  let retryMs = 1000;

  async function startListening(): Promise<void> {
    try {
      stopListening = await database.listen(channel, onPayload, (error) => {
        logger.error({ err: error, channel }, "listener failed; reconnecting");
        void restart();
      });
      retryMs = 1000;
      onListening?.();
    } catch (error) {
      logger.error({ err: error, channel, retryMs }, "could not listen; retrying");
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
    async close() {
      closed = true;
      await stopListening?.();
    },
  };
}

export type ChangeWatch<T> = {
  /** One change, in this process or another sharing the database. */
  onChange(change: T): void;
  /** Changes may have been missed (the listener was down): anything may have changed. */
  onMissed(): void;
};

/**
 * Follows the changes announced on `channel` (a trigger's or a process's NOTIFY) for as long as
 * the process runs; a payload `parse` refuses is logged and skipped.
 */
export function followChanges<T>(
  database: DatabaseHandle,
  channel: string,
  parse: (payload: string) => T | undefined,
  watch: ChangeWatch<T>,
  logger: Logger,
) {
  let first = true;
  return listenWithRetry(
    database,
    channel,
    {
      onPayload: (payload) => {
        const change = parse(payload);
        if (change === undefined) logger.warn({ channel, payload }, "ignored a malformed change");
        else watch.onChange(change);
      },
      onListening: () => {
        if (!first) watch.onMissed();
        first = false;
      },
    },
    logger,
  );
}
