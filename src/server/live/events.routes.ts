import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import {
  CATALOG_EVENT,
  CHANGE_EVENT,
  LIVE_BROWSER_ID_PATTERN,
  LIVE_BROWSER_PARAM,
  LIVE_LEAD_PARAM,
  READY_EVENT,
  SUPERSEDED_EVENT,
} from "#shared/api/live-contract.ts";
import { requireUser, type SessionReader, type UserEnv } from "../auth/require-user.ts";
import { validate } from "../http/validate.ts";
import type { ChangeHub } from "./change-hub.ts";

const KEEP_ALIVE_MS = 25_000;

const liveEventsQuerySchema = z.object({
  [LIVE_BROWSER_PARAM]: z.string().regex(LIVE_BROWSER_ID_PATTERN).optional(),
  [LIVE_LEAD_PARAM]: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
});

/**
 * A browser's tabs share one stream (web/lib/live/shared-event-stream.ts), so a shopper needs one
 * per browser or device. More than this at once is a misbehaving client (an old page, a script):
 * the oldest is closed, so nobody can hold this process's sockets forever (decision 013). A stream
 * that names its browser replaces that browser's earlier one first: when tabs close one after
 * another, each hands the stream to the next faster than the server may hear the old one close,
 * and those leftovers must not push another device's stream out. The lead count orders them: a
 * closed tab's request that arrives after its successor's is refused, not let in to replace it.
 */
export const MAX_STREAMS_PER_USER = 4;

/** Follows the catalogue's changes (its revision); answers the function that stops following. */
export type CatalogChanges = (listener: (revision: number) => void) => () => void;

/**
 * GET /api/events: a server-sent event each time one of the shopper's documents changes, and each
 * time the catalogue does.
 */
export function eventsRoutes(
  sessions: SessionReader,
  hub: ChangeHub,
  catalogChanges: CatalogChanges,
  maxPerUser = MAX_STREAMS_PER_USER,
) {
  const streams = createStreamRegistry(maxPerUser);
  return new Hono<UserEnv>()
    .use(requireUser(sessions))
    .get("/", validate("query", liveEventsQuerySchema), (c) =>
      streamSSE(c, async (stream) => {
        const userId = c.get("user").id;
        const { browser, lead } = c.req.valid("query");
        let ended = false;
        let wake = () => {};
        const end = () => {
          ended = true;
          wake();
        };
        const unsubscribeShopper = hub.subscribe(userId, (document) => {
          void stream.writeSSE({ event: CHANGE_EVENT, data: document });
        });
        const unsubscribeCatalog = catalogChanges((revision) => {
          void stream.writeSSE({ event: CATALOG_EVENT, data: String(revision) });
        });
        const unsubscribe = () => {
          unsubscribeShopper();
          unsubscribeCatalog();
        };
        const superseded = async () => {
          await stream.writeSSE({ event: SUPERSEDED_EVENT, data: "" });
          end();
        };
        const release = streams.add(userId, { browser, lead }, superseded);
        if (!release) {
          unsubscribe();
          return superseded();
        }
        stream.onAbort(end);
        await stream.writeSSE({ event: READY_EVENT, data: "" });
        while (!ended && !stream.aborted) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, KEEP_ALIVE_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          if (!ended && !stream.aborted) await stream.write(": keep-alive\n\n");
        }
        unsubscribe();
        release();
      }),
    );
}

interface StreamOwner {
  /** The browser whose tabs share this stream, if it said. */
  browser: string | undefined;
  /** How many times that browser's tabs have taken the lead: a later leader's stream wins. */
  lead: number;
}

interface OpenStream extends StreamOwner {
  close: () => void;
}

/** The open streams of each user in this process, oldest first. */
function createStreamRegistry(maxPerUser: number) {
  const byUser = new Map<string, OpenStream[]>();
  return {
    /**
     * Registers a stream; closes the same browser's earlier ones, then the user's oldest beyond
     * the limit. Returns its release, or nothing when a later leader of its browser already holds
     * a stream (this one comes from a tab that has let go).
     */
    add(userId: string, owner: StreamOwner, close: () => void): (() => void) | undefined {
      const earlier = byUser.get(userId) ?? [];
      const sameBrowser = earlier.filter(
        (stream) => owner.browser !== undefined && stream.browser === owner.browser,
      );
      if (sameBrowser.some((stream) => stream.lead > owner.lead)) return undefined;
      const entry: OpenStream = { ...owner, close };
      const open = earlier.filter((stream) => !sameBrowser.includes(stream));
      open.push(entry);
      byUser.set(userId, open);
      const closing = [...sameBrowser, ...open.splice(0, Math.max(0, open.length - maxPerUser))];
      for (const stream of closing) stream.close();
      return () => {
        const current = byUser.get(userId);
        if (!current) return;
        const index = current.indexOf(entry);
        if (index !== -1) current.splice(index, 1);
        if (current.length === 0) byUser.delete(userId);
      };
    },
  };
}
