import { and, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/client.ts";
import { invoice, orderEvent, refund, shopOrder } from "../db/schema.ts";
import type { ChangeHub } from "../live/change-hub.ts";
import { announceNewOrder } from "../live/order-feed.ts";
import type { Logger } from "../logger.ts";
import { mailLink } from "../mail/mail-link.ts";
import type { MailOutbox } from "../mail/mail-outbox.ts";
import { inviteToReview } from "../reviews/review-mails.ts";
import type { OrderLinks } from "./order-links.ts";
import { orderPlacedMail, orderRefundMail, orderReturnRequestMail, orderStatusMail } from "./order-mails.ts";
import { type LoadedOrder, loadOrder } from "./order-views.ts";
import type { OrderMail } from "./store-order.ts";

/** What an order's transaction needs to queue the buyer's mail with it. */
export type OrderMailQueue = {
  /** Queues the mail telling the buyer the order's current status (placed, or a later step). */
  queue(tx: Transaction, orderId: string): Promise<void>;
  /** The mail telling the buyer an order's status, for its transaction to store (a new order's). */
  compose(order: LoadedOrder): OrderMail;
  /** Queues the mail telling the buyer part of the order is refunded (`refund-lines.ts`). */
  queueRefund(tx: Transaction, orderId: string, refundId: string): Promise<void>;
  /** Queues the acknowledgement of a buyer's return request (`return-requests.ts`, decision 059). */
  queueReturnRequest(tx: Transaction, orderId: string, requestId: string): Promise<void>;
};

export type OrderNotifier = OrderMailQueue & {
  /** A new order is committed: the buyer's pages refresh and its mail goes out. */
  placed(orderId: string, userId: string): Promise<void>;
  /**
   * An order changed status: the buyer's pages refresh and its mail goes out; one just paid is
   * announced to the back office's open lists (issue 30).
   */
  changed(orderId: string): Promise<void>;
};

/**
 * Tells the buyer about their order, live and by mail. The mail is queued in the order's own
 * transaction (issue 11: an accepted order always has its mail), once per status, and sent after
 * the answer, so a slow or unreachable mail server never slows or fails a checkout.
 */
export function createOrderNotifier(deps: {
  db: Database;
  hub: ChangeHub;
  outbox: Pick<MailOutbox, "queue" | "deliver">;
  origin: string;
  /** Every order mail links to the order's signed page (decision 032). */
  orderLinks: OrderLinks;
  logger: Logger;
  now?: () => Date;
}): OrderNotifier {
  const { db, hub, outbox, origin, orderLinks, logger, now = () => new Date() } = deps;
  const sendNow = () =>
    void outbox.deliver().catch((error: unknown) => logger.error({ err: error }, "order mail not sent yet"));
  const compose = ({ view, lang }: LoadedOrder): OrderMail => ({
    key: `order:${view.id}:${view.status}`,
    message: (view.status === "pagado" ? orderPlacedMail : orderStatusMail)(
      view,
      lang,
      mailLink(origin, orderLinks.path(view.id, now()), lang),
    ),
  });
  return {
    async queue(tx, orderId) {
      const loaded = await loadOrder(tx, orderId);
      if (!loaded) return;
      const { message, key } = compose(loaded);
      await outbox.queue(tx, message, key);
      // Delivered: the buyer is invited to review each product of it (issue 33).
      if (loaded.view.status === "entregado") await inviteToReview(tx, outbox, loaded, origin);
    },
    compose,
    async queueRefund(tx, orderId, refundId) {
      const loaded = await loadOrder(tx, orderId);
      const [row] = await tx
        .select({ creditNote: invoice.number, quote: invoice.refund })
        .from(refund)
        .innerJoin(invoice, eq(invoice.id, refund.creditNoteId))
        .where(eq(refund.id, refundId));
      if (!loaded || !row?.quote) return;
      const link = mailLink(origin, orderLinks.path(orderId, now()), loaded.lang);
      const message = orderRefundMail(loaded.view, loaded.lang, link, {
        creditNote: row.creditNote,
        quote: row.quote,
      });
      await outbox.queue(tx, message, `refund:${refundId}`);
    },
    async queueReturnRequest(tx, orderId, requestId) {
      const loaded = await loadOrder(tx, orderId);
      const request = loaded?.view.returnRequests?.find((open) => open.id === requestId);
      if (!loaded || !request) return;
      const link = mailLink(origin, orderLinks.path(orderId, now()), loaded.lang);
      const message = orderReturnRequestMail(loaded.view, loaded.lang, link, request);
      await outbox.queue(tx, message, `return:${requestId}`);
    },
    async placed(_orderId, userId) {
      await hub.publish(userId, "cart", "orders");
      sendNow();
    },
    async changed(orderId) {
      const order = await changedOrder(db, orderId);
      await Promise.all([
        order?.userId ? hub.publish(order.userId, "orders") : undefined,
        order && justPaid(order, now()) ? announceNewOrder(db, order.number, logger) : undefined,
      ]);
      sendNow();
    },
  };
}

/**
 * How long after its payment an order is still news to the back office. `changed` is called right
 * after each change's commit; a paid order that changes again without leaving "pagado" (a line
 * refunded) is not news, and its number is announced again only if that happens within this time
 * (the list counts each number once).
 */
const NEW_ORDER_WINDOW_MS = 2 * 60_000;

type ChangedOrder = { userId: string | null; number: string | null; status: string; paidAt: Date | null };

function justPaid(order: ChangedOrder, at: Date): order is ChangedOrder & { number: string } {
  if (order.status !== "pagado" || order.number === null || order.paidAt === null) return false;
  return at.getTime() - order.paidAt.getTime() < NEW_ORDER_WINDOW_MS;
}

/** The buyer of an order (null once their account is gone), its number, status and when it was paid. */
async function changedOrder(db: Database, orderId: string): Promise<ChangedOrder | undefined> {
  const [row] = await db
    .select({
      userId: shopOrder.userId,
      number: shopOrder.number,
      status: shopOrder.status,
      paidAt: sql<Date | string | null>`(select max(${orderEvent.at}) from ${orderEvent} where ${and(
        eq(orderEvent.orderId, shopOrder.id),
        eq(orderEvent.status, "pagado"),
      )})`,
    })
    .from(shopOrder)
    .where(eq(shopOrder.id, orderId));
  return row && { ...row, paidAt: row.paidAt === null ? null : new Date(row.paidAt) };
}
