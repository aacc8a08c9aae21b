import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { staffOrderEvents, staffOrderListQuerySchema } from "#shared/api/back-office-contract.ts";
import { validate } from "../http/validate.ts";
import { createOrderFeed } from "../live/order-feed.ts";
import type { StaffEnv } from "../staff/staff-guard.ts";
import type { BackOfficeDeps } from "./back-office-deps.ts";
import { createStreamLimit } from "./order-feed-limit.ts";
import { searchOrders } from "./order-search.ts";

const KEEP_ALIVE_MS = 25_000;

/**
 * Open order lists per staff member in this process; beyond it the oldest stream is closed, so
 * a forgotten script or a page left open in many tabs cannot hold the process's sockets (as the
 * shoppers' streams, decision 013). Each back-office tab has its own stream: staff are few.
 */
export const MAX_ORDER_STREAMS_PER_STAFF = 8;

/**
 * The back office's order list (issue 30): `GET /` answers a page of the numbered orders that
 * match the query (`searchOrders`), `GET /events` streams the numbers of orders paid from then on.
 */
export function orderListRoutes(deps: BackOfficeDeps, maxStreams = MAX_ORDER_STREAMS_PER_STAFF) {
  const feed = createOrderFeed(deps.database, deps.logger);
  const limit = createStreamLimit(maxStreams);
  return new Hono<StaffEnv>()
    .get("/", validate("query", staffOrderListQuerySchema), async (c) =>
      c.json(await searchOrders(deps.db, c.req.valid("query"))),
    )
    .get("/events", (c) =>
      streamSSE(c, async (stream) => {
        let ended = false;
        let wake = () => {};
        const end = () => {
          ended = true;
          wake();
        };
        const stop = await feed.subscribe({
          onChange: (number) => void stream.writeSSE({ event: staffOrderEvents.order, data: number }),
          onMissed: () => void stream.writeSSE({ event: staffOrderEvents.missed, data: "" }),
        });
        const release = limit.add(c.get("staff").id, () => {
          void stream.writeSSE({ event: staffOrderEvents.superseded, data: "" }).finally(end);
        });
        stream.onAbort(end);
        await stream.writeSSE({ event: staffOrderEvents.ready, data: "" });
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
        release();
        await stop();
      }),
    );
}
