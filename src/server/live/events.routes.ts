import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import {
  CHANGE_EVENT,
  LIVE_BROWSER_ID_PATTERN,
  LIVE_BROWSER_PARAM,
  READY_EVENT,
  SUPERSEDED_EVENT,
} from "#shared/api/live-contract.ts";
import type { Auth } from "../auth/auth.ts";
import { requireUser, type UserEnv } from "../auth/require-user.ts";
import { validate } from "../http/validate.ts";
import type { ChangeHub } from "./change-hub.ts";

const KEEP_ALIVE_MS = 25_000;

const liveEventsQuerySchema = z.object({
  [LIVE_BROWSER_PARAM]: z.string().regex(LIVE_BROWSER_ID_PATTERN).optional(),
});

/**
 * A browser's tabs share one stream (web/lib/live/shared-event-stream.ts), so a shopper needs one
 * per browser or device. More than this at once is a misbehaving client (an old page, a script):
 * the oldest is closed, so nobody can hold this process's sockets forever (decision 013). A stream
 * that names its browser replaces that browser's earlier one first: when tabs close one after
 * another, each hands the stream to the next faster than the server may hear the old one close,
 * and those leftovers must not push another device's stream out.
 */
export const MAX_STREAMS_PER_USER = 4;

/** GET /api/events: a server-sent event each time one of the shopper's documents changes. */
export function eventsRoutes(auth: Auth, hub: ChangeHub, maxPerUser = MAX_STREAMS_PER_USER) {
  const streams = createStreamRegistry(maxPerUser);
  return new Hono<UserEnv>().use(requireUser(auth)).get("/", validate("query", liveEventsQuerySchema), (c) =>
    streamSSE(c, async (stream) => {
      const userId = c.get("user").id;
      const { browser } = c.req.valid("query");
      let ended = false;
      let wake = () => {};
      const end = () => {
        ended = true;
        wake();
      };
      const unsubscribe = hub.subscribe(userId, (document) => {
        void stream.writeSSE({ event: CHANGE_EVENT, data: document });
      });
      const release = streams.add(userId, browser, async () => {
        await stream.writeSSE({ event: SUPERSEDED_EVENT, data: "" });
        end();
      });
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

interface OpenStream {
  browser: string | undefined;
  close: () => void;
}

/** The open streams of each user in this process, oldest first. */
function createStreamRegistry(maxPerUser: number) {
  const byUser = new Map<string, OpenStream[]>();
  return {
    /**
     * Registers a stream; closes the same browser's earlier ones, then the user's oldest beyond
     * the limit. Returns its release.
     */
    add(userId: string, browser: string | undefined, close: () => void): () => void {
      const entry: OpenStream = { browser, close };
      const earlier = byUser.get(userId) ?? [];
      const replaced = earlier.filter((stream) => browser !== undefined && stream.browser === browser);
      const open = earlier.filter((stream) => !replaced.includes(stream));
      open.push(entry);
      byUser.set(userId, open);
      const closing = [...replaced, ...open.splice(0, Math.max(0, open.length - maxPerUser))];
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
