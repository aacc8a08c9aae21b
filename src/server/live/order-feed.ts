import { sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "../db/client.ts";
import { type ChangeWatch, followChanges } from "../db/listen-with-retry.ts";
import type { Logger } from "../logger.ts";

const CHANNEL = "staff_new_orders";
/** An order's number as the shop gives it (`2026-000123`): nothing else is a payload of ours. */
const ORDER_NUMBER = /^\d{4}-\d{1,12}$/;

/** The back office's lists hear of each order that has just been paid (it takes its number then). */
export type NewOrderWatch = ChangeWatch<string>;

export type OrderFeed = {
  /**
   * Follows new orders, from every server process sharing the database, until the returned stop
   * is called; resolves once the database's LISTEN is in place (or its first attempt failed and
   * is being retried: `onMissed` tells when it is back).
   */
  subscribe(watch: NewOrderWatch): Promise<() => Promise<void>>;
};

/**
 * Tells every open back-office list, in any process, that an order has just been paid: a NOTIFY
 * of its own, run after the payment's commit and never inside its transaction, so no commit
 * waits for the database-wide lock a writing transaction's NOTIFY takes (decision 022). It never
 * rejects: a new order that could not be announced is logged, and shows at the list's next read.
 */
export async function announceNewOrder(db: Database, number: string, logger: Logger): Promise<void> {
  try {
    await db.execute(sql`select pg_notify(${CHANNEL}, ${number})`);
  } catch (error) {
    logger.error({ err: error, number }, "new order not announced to the back office");
  }
}

/**
 * One LISTEN per process for the back office's open lists (decision 043), held only while one
 * is open: staff are few and often away, and on PostgreSQL a LISTEN is a connection of its own.
 * The first subscriber starts it, the last one to leave stops it.
 */
export function createOrderFeed(database: DatabaseHandle, logger: Logger): OrderFeed {
  const watches = new Set<NewOrderWatch>();
  let following: ReturnType<typeof followChanges> | undefined;
  const fanOut: NewOrderWatch = {
    onChange: (number) => {
      for (const watch of watches) watch.onChange(number);
    },
    onMissed: () => {
      for (const watch of watches) watch.onMissed();
    },
  };
  const parse = (payload: string) => (ORDER_NUMBER.test(payload) ? payload : undefined);
  return {
    async subscribe(watch) {
      watches.add(watch);
      following ??= followChanges(database, CHANNEL, parse, fanOut, logger);
      await following;
      return async () => {
        watches.delete(watch);
        if (watches.size > 0 || following === undefined) return;
        const stopping = following;
        following = undefined;
        await (await stopping).close();
      };
    },
  };
}
