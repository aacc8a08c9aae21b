import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { CHANGE_EVENT, READY_EVENT, SUPERSEDED_EVENT } from "#shared/api/live-contract.ts";
import type { Auth } from "../auth/auth.ts";
import { requireUser, type UserEnv } from "../auth/require-user.ts";
import type { ChangeHub } from "./change-hub.ts";

const KEEP_ALIVE_MS = 25_000;

/**
 * A browser's tabs share one stream (web/lib/live/shared-event-stream.ts), so a shopper needs one
 * per browser or device. More than this at once is a misbehaving client (an old page, a script):
 * the oldest is closed, so nobody can hold this process's sockets forever (decision 013).
 */
export const MAX_STREAMS_PER_USER = 4;

/** GET /api/events: a server-sent event each time one of the shopper's documents changes. */
export function eventsRoutes(auth: Auth, hub: ChangeHub, maxPerUser = MAX_STREAMS_PER_USER) {
  const streams = createStreamRegistry(maxPerUser);
  return new Hono<UserEnv>().use(requireUser(auth)).get("/", (c) =>
    streamSSE(c, async (stream) => {
      const userId = c.get("user").id;
      let ended = false;
      let wake = () => {};
      const end = () => {
        ended = true;
        wake();
      };
      const unsubscribe = hub.subscribe(userId, (document) => {
        void stream.writeSSE({ event: CHANGE_EVENT, data: document });
      });
      const release = streams.add(userId, async () => {
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

/** The open streams of each user in this process, oldest first. */
function createStreamRegistry(maxPerUser: number) {
  const byUser = new Map<string, Array<() => void>>();
  return {
    /** Registers a stream; closes the user's oldest ones beyond the limit. Returns its release. */
    add(userId: string, close: () => void): () => void {
      const open = byUser.get(userId) ?? [];
      byUser.set(userId, open);
      open.push(close);
      while (open.length > maxPerUser) open.shift()?.();
      return () => {
        const index = open.indexOf(close);
        if (index !== -1) open.splice(index, 1);
        if (open.length === 0 && byUser.get(userId) === open) byUser.delete(userId);
      };
    },
  };
}
