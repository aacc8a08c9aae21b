import type { DatabaseHandle } from "../db/client.ts";
import { listenWithRetry } from "../live/listen-with-retry.ts";
import type { Logger } from "../logger.ts";

/** Announced by the database itself on every stock change (migration 0012), at commit. */
export const STOCK_CHANGES_CHANNEL = "stock_changes";

export type StockWatch = {
  /** A product's stock changed, in this process or another sharing the database. */
  onChange(productId: number): void;
  /** Changes may have been missed (the listener was down): anything may have changed. */
  onMissed(): void;
};

/** Follows stock changes for as long as the process runs. */
export function watchStockChanges(database: DatabaseHandle, watch: StockWatch, logger: Logger) {
  let first = true;
  return listenWithRetry(
    database,
    STOCK_CHANGES_CHANNEL,
    {
      onPayload: (payload) => {
        const productId = Number(payload);
        if (Number.isSafeInteger(productId)) watch.onChange(productId);
        else logger.warn({ payload }, "ignored a malformed stock change");
      },
      onListening: () => {
        if (!first) watch.onMissed();
        first = false;
      },
    },
    logger,
  );
}
