import type { DatabaseHandle } from "../db/client.ts";
import type { Logger } from "../logger.ts";

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
