import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { shopOrder } from "../db/schema.ts";
import type { ChangeHub } from "../live/change-hub.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { orderPlacedMail, orderStatusMail } from "./order-mails.ts";
import { loadOrder } from "./order-views.ts";

export type OrderNotifier = {
  /** A new order: the buyer's pages refresh and the confirmation mail goes out. */
  placed(orderId: string, userId: string): Promise<void>;
  /** An order changed status: the buyer's pages refresh and a mail says what happened. */
  changed(orderId: string): Promise<void>;
};

/**
 * Tells the buyer about their order, live and by mail. Mail goes out after the answer, so a slow
 * mail server never slows a checkout; one that cannot go out is logged, never turned into a
 * failed order: the order page always shows the truth.
 */
export function createOrderNotifier(deps: {
  db: Database;
  hub: ChangeHub;
  mailer: Mailer;
  origin: string;
  logger: Logger;
}): OrderNotifier {
  const { db, hub, mailer, origin, logger } = deps;
  function mail(orderId: string, compose: typeof orderPlacedMail): void {
    const send = async () => {
      const loaded = await loadOrder(db, orderId);
      if (loaded) await mailer.send(compose(loaded.view, loaded.lang, origin));
    };
    send().catch((error: unknown) => logger.error({ err: error, orderId }, "order mail not sent"));
  }
  return {
    async placed(orderId, userId) {
      await hub.publish(userId, "cart");
      await hub.publish(userId, "orders");
      mail(orderId, orderPlacedMail);
    },
    async changed(orderId) {
      const userId = await ownerOf(db, orderId);
      if (userId) await hub.publish(userId, "orders");
      mail(orderId, orderStatusMail);
    },
  };
}

/** The buyer of an order; null once their account is gone. */
async function ownerOf(db: Database, orderId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: shopOrder.userId })
    .from(shopOrder)
    .where(eq(shopOrder.id, orderId));
  return row?.userId ?? null;
}
