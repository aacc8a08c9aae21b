import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { CHANGE_EVENT } from "#shared/api/live-contract.ts";
import type { Auth } from "../auth/auth.ts";
import { requireUser, type UserEnv } from "../auth/require-user.ts";
import type { ChangeHub } from "./change-hub.ts";

const KEEP_ALIVE_MS = 25_000;

/** GET /api/events: a server-sent event each time one of the shopper's documents changes. */
export function eventsRoutes(auth: Auth, hub: ChangeHub) {
  return new Hono<UserEnv>().use(requireUser(auth)).get("/", (c) =>
    streamSSE(c, async (stream) => {
      const unsubscribe = hub.subscribe(c.get("user").id, (document) => {
        void stream.writeSSE({ event: CHANGE_EVENT, data: document });
      });
      stream.onAbort(unsubscribe);
      await stream.writeSSE({ event: "ready", data: "" });
      while (!stream.aborted) {
        await stream.sleep(KEEP_ALIVE_MS);
        if (!stream.aborted) await stream.write(": keep-alive\n\n");
      }
      unsubscribe();
    }),
  );
}
