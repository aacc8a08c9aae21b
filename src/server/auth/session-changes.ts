import type { DatabaseHandle } from "../db/client.ts";
import { type ChangeWatch, followChanges } from "../live/listen-with-retry.ts";
import type { Logger } from "../logger.ts";

/**
 * Announced by the database itself (migration 0013), at commit, with the user's id, whenever one of
 * their sessions ends or changes or their account changes or goes: whichever process or command
 * did it.
 */
export const SESSION_CHANGES_CHANNEL = "session_changes";

/** Follows session and account changes (the user's id) for as long as the process runs. */
export function watchSessionChanges(database: DatabaseHandle, watch: ChangeWatch<string>, logger: Logger) {
  const parse = (payload: string) => (payload.length > 0 && payload.length <= 200 ? payload : undefined);
  return followChanges(database, SESSION_CHANGES_CHANNEL, parse, watch, logger);
}
