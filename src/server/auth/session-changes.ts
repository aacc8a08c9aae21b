import type { DatabaseHandle } from "../db/client.ts";
import { type ChangeWatch, followChanges } from "../db/listen-with-retry.ts";
import type { Logger } from "../logger.ts";
import type { SessionCache } from "./session-cache.ts";

/**
 * Announced by the database itself (migration 0013), at commit, with the user's id, whenever one of
 * their sessions ends or changes or their account changes or goes: whichever process or command
 * did it.
 */
export const SESSION_CHANGES_CHANNEL = "session_changes";

/**
 * Keeps the session cache in step with the database for as long as the process runs: a user's
 * sessions are dropped when the database announces a change, everything when it may have missed one.
 */
export function watchSessionChanges(database: DatabaseHandle, cache: SessionCache, logger: Logger) {
  const parse = (payload: string) => (payload.length > 0 && payload.length <= 200 ? payload : undefined);
  const watch: ChangeWatch<string> = {
    onChange: (userId) => cache.dropUser(userId),
    onMissed: () => cache.clear(),
  };
  return followChanges(database, SESSION_CHANGES_CHANNEL, parse, watch, logger);
}
