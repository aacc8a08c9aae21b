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
/** The same for the back office's staff (migration 0036): their sessions, role, second factor, leaving. */
export const STAFF_SESSION_CHANGES_CHANNEL = "staff_session_changes";

/**
 * Keeps a session cache in step with the database for as long as the process runs: a user's
 * sessions are dropped when the database announces a change, everything when it may have missed one.
 */
export function watchSessionChanges(
  database: DatabaseHandle,
  cache: Pick<SessionCache, "dropUser" | "clear">,
  logger: Logger,
  channel = SESSION_CHANGES_CHANNEL,
) {
  const parse = (payload: string) => (payload.length > 0 && payload.length <= 200 ? payload : undefined);
  const watch: ChangeWatch<string> = {
    onChange: (userId) => cache.dropUser(userId),
    onMissed: () => cache.clear(),
  };
  return followChanges(database, channel, parse, watch, logger);
}

/** The back office's staff sessions, kept in step the same way (migration 0036). */
export function watchStaffSessionChanges(
  database: DatabaseHandle,
  cache: Pick<SessionCache<{ id: string }>, "dropUser" | "clear">,
  logger: Logger,
) {
  return watchSessionChanges(database, cache, logger, STAFF_SESSION_CHANGES_CHANNEL);
}
