import type { DatabaseHandle } from "../db/client.ts";
import { type ChangeWatch, followChanges } from "../db/listen-with-retry.ts";
import type { Logger } from "../logger.ts";

/** Announced by the database itself on every stock change (migration 0012), at commit. */
export const STOCK_CHANGES_CHANNEL = "stock_changes";

/** Follows stock changes (the product's id) for as long as the process runs. */
export function watchStockChanges(database: DatabaseHandle, watch: ChangeWatch<number>, logger: Logger) {
  const parse = (payload: string) => {
    const productId = Number(payload);
    return Number.isSafeInteger(productId) ? productId : undefined;
  };
  return followChanges(database, STOCK_CHANGES_CHANNEL, parse, watch, logger);
}
