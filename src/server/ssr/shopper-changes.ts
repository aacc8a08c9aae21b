import type { DatabaseHandle } from "../db/client.ts";
import { type ChangeWatch, followChanges } from "../live/listen-with-retry.ts";
import type { Logger } from "../logger.ts";

/** Announced by the database itself (migration 0014), at commit, with the shopper's id. */
export const SHOPPER_LISTS_CHANNEL = "shopper_lists_changes";

/** Follows changes to shoppers' carts and wish lists (their ids) for as long as the process runs. */
export function watchShopperChanges(database: DatabaseHandle, watch: ChangeWatch<string>, logger: Logger) {
  const parse = (payload: string) => (payload.length > 0 && payload.length <= 200 ? payload : undefined);
  return followChanges(database, SHOPPER_LISTS_CHANNEL, parse, watch, logger);
}
