import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { staffOrderEvents, staffOrderListQuerySchema } from "#shared/api/back-office-contract.ts";
import { validate } from "../http/validate.ts";
import { createOrderFeed } from "../live/order-feed.ts";
import { refusal, type StaffEnv } from "../staff/staff-guard.ts";
import type { BackOfficeDeps } from "./back-office-deps.ts";
import { createStreamLimit } from "./order-feed-limit.ts";
import { searchOrders } from "./order-search.ts";

/** How often an open stream says it is alive, and checks its session still holds. */
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
export function orderListRoutes(
  deps: BackOfficeDeps,
  {
    maxStreams = MAX_ORDER_STREAMS_PER_STAFF,
    keepAliveMs = KEEP_ALIVE_MS,
  }: { maxStreams?: number; keepAliveMs?: number | undefined } = {},
) {
  const feed = createOrderFeed(deps.database, deps.logger);
  const limit = createStreamLimit(maxStreams);
  return new Hono<StaffEnv>()
    .get("/", validate("query", staffOrderListQuerySchema), async (c) =>
      c.json(await searchOrders(deps.db, c.req.valid("query"))),
    )
    .get("/events", (c) =>
      streamSSE(c, async (stream) => {
        const ending = endingSignal();
        const stop = await feed.subscribe({
          onChange: (number) => void stream.writeSSE({ event: staffOrderEvents.order, data: number }),
          onMissed: () => void stream.writeSSE({ event: staffOrderEvents.missed, data: "" }),
        });
        const release = limit.add(c.get("staff").id, () => {
          void stream.writeSSE({ event: staffOrderEvents.superseded, data: "" }).finally(ending.end);
        });
        stream.onAbort(ending.end);
        await stream.writeSSE({ event: staffOrderEvents.ready, data: "" });
        const signedIn = async () => {
          const user = await deps.staff.readStaff(c.req.raw.headers);
          return refusal(c, user, { secondFactor: true }) === undefined;
        };
        while (!ending.ended && !stream.aborted) {
          await ending.wait(keepAliveMs);
          if (ending.ended || stream.aborted) break;
          // A session that ended while the list stayed open (its eight hours, a sign-out, the
          // account disabled) hears no more orders: the guard only saw the stream's start.
          if (!(await signedIn())) {
            await stream.writeSSE({ event: staffOrderEvents.signedOut, data: "" });
            break;
          }
          await stream.write(": keep-alive\n\n");
        }
        release();
        await stop();
      }),
    );
}

/** When a stream ends: waits that an end cuts short. */
function endingSignal() {
  let wake = () => {};
  const signal = {
    ended: false,
    end: () => {
      signal.ended = true;
      wake();
    },
    wait: (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      }),
  };
  return signal;
}
