import { randomUUID } from "node:crypto";
import { and, eq, gte, sql } from "drizzle-orm";
import type { Catalog } from "#catalog/catalog.ts";
import type { PlaceOrderRequest } from "#shared/api/order-contract.ts";
import { vatRate } from "#shared/checkout/vat.ts";
import type { Lang } from "#shared/lang.ts";
import type { Database, Transaction } from "../db/client.ts";
import {
  cartLine,
  coupon,
  invoice,
  orderEvent,
  orderLine,
  payment,
  productStock,
  shopOrder,
  user,
} from "../db/schema.ts";
import type { PaymentDecline, PaymentProvider } from "../payments/payment-provider.ts";
import { readStock } from "../stock/stock-repository.ts";
import { type Quote, type QuoteError, quoteCheckout } from "./checkout-quote.ts";
import { numberOrder } from "./number-series.ts";
import type { OrderMailQueue } from "./order-notifier.ts";
import { type OrderRows, toLoadedOrder } from "./order-views.ts";
import { captureStored } from "./payment-settlement.ts";

export type Buyer = { id: string; email: string; name: string; lastName: string };

export type PlaceOrderOutcome =
  | { ok: true; orderId: string; created: boolean }
  | {
      ok: false;
      error: QuoteError | "total-changed" | "coupon-refused" | "out-of-stock" | "order-in-progress";
      quote?: Quote;
    }
  | { ok: false; error: "payment-declined"; decline: PaymentDecline };

type Parsed = Omit<PlaceOrderRequest, "card"> & {
  card: { holder: string; number: string; expiry: string; cvc: string };
};

type Deps = {
  db: Database;
  catalog: Catalog;
  payments: PaymentProvider;
  mails: OrderMailQueue;
  now: () => Date;
};

class OutOfStock extends Error {}

/** A checkout that stops inside the transaction, with what to tell the shopper. */
class Refused extends Error {
  readonly outcome: Extract<PlaceOrderOutcome, { ok: false }>;
  constructor(outcome: Extract<PlaceOrderOutcome, { ok: false }>) {
    super(outcome.error);
    this.outcome = outcome;
  }
}

/**
 * Places the shopper's cart as an order (issue 11: no interleaving charges twice, oversells or
 * over-discounts). A first look without locks answers plain mistakes at once. Then, in one
 * transaction: the shopper's checkout is locked (a second one at the same time is told their order
 * is being processed, and nothing is asked of their card); the cart is read and priced again; the
 * payment is authorized for this order only; a coupon with a limit is locked and counted again;
 * the stock is taken (never below zero); the order, its invoice and the payment are stored and the
 * cart emptied. The payment is captured once that is committed, and its hold cancelled if not.
 * The same idempotency key always gives the same single order.
 */
export async function placeOrder(
  { db, catalog, payments, mails, now }: Deps,
  buyer: Buyer,
  request: Parsed,
  lang: Lang,
): Promise<PlaceOrderOutcome> {
  const placedAt = now();
  // A refusal may come from this very checkout, sent again, having emptied the cart or taken the
  // stock: its order is the answer then. (A checkout sent again is found by its key here or in
  // the transaction, so a new one, the common case, is not looked for first.)
  const refusedUnlessPlaced = async (refusal: Extract<PlaceOrderOutcome, { ok: false }>) => {
    const stored = await findByKey(db, buyer.id, request.idempotencyKey);
    return stored ? ({ ok: true, orderId: stored, created: false } as const) : refusal;
  };
  const first = await priceAgain(db, catalog, buyer.id, request, placedAt);
  if (!first.ok) return refusedUnlessPlaced(first);
  if (!(await stockCovers(db, first.quote)))
    return refusedUnlessPlaced({ ok: false, error: "out-of-stock", quote: first.quote });

  let hold: string | undefined;
  let placed: { orderId: string; created: boolean; payment?: OrderRows["payments"][number] };
  try {
    placed = await db.transaction(async (tx) => {
      await lockCheckout(tx, buyer.id);
      // The same checkout sent twice at once: the first one stored it while this one waited.
      const stored = await findByKey(tx, buyer.id, request.idempotencyKey);
      if (stored) return { orderId: stored, created: false };
      const priced = await priceAgain(tx, catalog, buyer.id, request, placedAt);
      // The cart was there a moment ago: another checkout of this shopper has just taken it.
      if (!priced.ok)
        throw new Refused(priced.error === "cart-empty" ? { ok: false, error: "order-in-progress" } : priced);
      const { quote } = priced;
      const authorization = await payments.authorize({
        amountCents: quote.totals.totalCents,
        card: request.card,
        description: `Order ${request.idempotencyKey}`,
        idempotencyKey: request.idempotencyKey,
      });
      if (!authorization.ok)
        throw new Refused({ ok: false, error: "payment-declined", decline: authorization.decline });
      hold = authorization.reference;
      if (quote.coupon) await recheckCoupon(tx, catalog, buyer.id, request, placedAt, quote.coupon.code);
      const written = await storeOrder(tx, {
        buyer,
        request,
        quote,
        lang,
        placedAt,
        provider: payments.name,
        reference: authorization.reference,
        cardLast4: authorization.cardLast4,
      });
      // Last, as they are the one lock every checkout shares: the numbers, then the mail (made
      // from the rows as written, not read back).
      const numbers = await numberOrder(tx, written.id, placedAt.getUTCFullYear());
      await mails.queueLoaded(tx, toLoadedOrder(numbered(written, numbers)));
      return { orderId: written.id, created: true, payment: written.payments[0] };
    });
  } catch (error) {
    // Nothing was stored: the hold on the card goes.
    if (hold) await payments.cancel(hold);
    if (error instanceof Refused) return error.outcome;
    if (error instanceof OutOfStock) return { ok: false, error: "out-of-stock", quote: first.quote };
    throw error;
  }
  // Stored: the money is taken (never cancelled from here on). A capture that fails, or a process
  // that dies before it, leaves the payment authorized for `capturePending` to finish.
  if (placed.payment) await captureStored({ db, payments }, placed.payment);
  return { ok: true, orderId: placed.orderId, created: placed.created };
}

/** The cart priced on the server, and the checks a shopper can act on. */
async function priceAgain(
  db: Database | Transaction,
  catalog: Catalog,
  userId: string,
  request: Parsed,
  at: Date,
): Promise<{ ok: true; quote: Quote } | Extract<PlaceOrderOutcome, { ok: false }>> {
  const priced = await quoteCheckout(db, catalog, userId, request, at);
  if (!priced.ok) return priced;
  const { quote } = priced;
  if (quote.coupon?.refusal) return { ok: false, error: "coupon-refused", quote };
  if (quote.totals.totalCents !== request.expectedTotalCents)
    return { ok: false, error: "total-changed", quote };
  return priced;
}

/**
 * One checkout per shopper at a time: the shopper's row is locked until the order is stored. A
 * second checkout waits here, then finds the cart gone (and is told the order is being
 * processed) or its own idempotency key stored: its card is never asked.
 */
async function lockCheckout(tx: Transaction, userId: string): Promise<void> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
}

/**
 * A coupon's limits counted again under its row lock, so that shoppers racing for its last uses
 * queue here and each counts the orders committed before it. Held only until this order is stored.
 */
async function recheckCoupon(
  tx: Transaction,
  catalog: Catalog,
  userId: string,
  request: Parsed,
  at: Date,
  code: string,
): Promise<void> {
  await tx.select({ code: coupon.code }).from(coupon).where(eq(coupon.code, code)).for("update");
  const again = await priceAgain(tx, catalog, userId, request, at);
  if (!again.ok) throw new Refused(again);
}

async function findByKey(
  db: Database | Transaction,
  userId: string,
  key: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: shopOrder.id })
    .from(shopOrder)
    .where(and(eq(shopOrder.userId, userId), eq(shopOrder.idempotencyKey, key)));
  return row?.id;
}

/** A first look without locks, so a shopper is not charged for what is plainly gone. */
async function stockCovers(db: Database, quote: Quote): Promise<boolean> {
  const stock = await readStock(
    db,
    quote.totals.lines.map((line) => line.productId),
  );
  return quote.totals.lines.every((line) => (stock.get(line.productId) ?? 0) >= line.quantity);
}

type StoreInput = {
  buyer: Buyer;
  request: Parsed;
  quote: Quote;
  lang: Lang;
  placedAt: Date;
  provider: string;
  reference: string;
  cardLast4: string;
};

/** Stores the order and everything with it, and gives back the rows as written. */
async function storeOrder(tx: Transaction, input: StoreInput): Promise<OrderRows> {
  const { buyer, request, quote, placedAt } = input;
  // In product order, as every step that changes stock takes its rows: two carts holding the same
  // products in another order would otherwise each hold a row the other waits for (a deadlock).
  const byProduct = [...quote.totals.lines].sort((a, b) => a.productId - b.productId);
  for (const line of byProduct) {
    // One conditional update per product: concurrent buyers queue on the row and the last
    // units go to whoever comes first; the rest roll back here.
    const taken = await tx
      .update(productStock)
      .set({ available: sql`${productStock.available} - ${line.quantity}`, updatedAt: placedAt })
      .where(and(eq(productStock.productId, line.productId), gte(productStock.available, line.quantity)))
      .returning({ available: productStock.available });
    if (taken.length === 0) throw new OutOfStock();
  }
  // Numbered by `numberOrder` once everything else is written; until then (inside this
  // transaction only) the order and its invoice carry a stand-in, unique as numbers must be.
  const number = `unnumbered-${randomUUID()}`;
  const { totals } = quote;
  const [order] = await tx
    .insert(shopOrder)
    .values({
      number,
      userId: buyer.id,
      idempotencyKey: request.idempotencyKey,
      status: "pagado",
      lang: input.lang,
      zone: quote.zone,
      shippingMethod: quote.shippingMethod,
      address: quote.address,
      buyer: {
        name: request.invoice.name,
        lastName: request.invoice.lastName,
        email: buyer.email,
        company: request.invoice.company,
        taxId: request.invoice.taxId,
      },
      couponCode: quote.coupon?.code ?? null,
      subtotalCents: totals.subtotalCents,
      discountCents: totals.discountCents,
      shippingCents: totals.shippingCents,
      totalCents: totals.totalCents,
      vat: totals.vat,
      deliveryFrom: quote.delivery.from,
      deliveryTo: quote.delivery.to,
      placedAt,
    })
    .returning();
  if (!order) throw new Error("Order not stored");
  const lines = await tx
    .insert(orderLine)
    .values(
      totals.lines.map((line, position) => {
        const product = quote.products[position];
        return {
          orderId: order.id,
          position,
          productId: line.productId,
          code: product?.codigo ?? "",
          name: (input.lang === "pt" ? product?.pt.texto : product?.texto) ?? "",
          quantity: line.quantity,
          unitCents: line.unitCents,
          totalCents: line.totalCents,
          vatRate: vatRate(quote.zone, line.vatClass),
        };
      }),
    )
    .returning();
  const history = await tx
    .insert(orderEvent)
    .values({ orderId: order.id, status: "pagado", at: placedAt })
    .returning();
  const payments = await tx
    .insert(payment)
    .values({
      orderId: order.id,
      provider: input.provider,
      reference: input.reference,
      status: "authorized",
      amountCents: totals.totalCents,
      cardLast4: input.cardLast4,
      createdAt: placedAt,
    })
    .returning();
  const invoices = await tx
    .insert(invoice)
    .values({
      orderId: order.id,
      kind: "invoice",
      number,
      totalCents: totals.totalCents,
      vat: totals.vat,
      issuedAt: placedAt,
    })
    .returning();
  await tx.delete(cartLine).where(eq(cartLine.userId, buyer.id));
  lines.sort((a, b) => a.position - b.position);
  return { ...order, lines, history, payments, invoices };
}

/** The stored order's rows with the numbers it was given. */
function numbered(rows: OrderRows, numbers: { order: string; invoice: string }): OrderRows {
  return {
    ...rows,
    number: numbers.order,
    invoices: rows.invoices.map((row) =>
      row.kind === "invoice" ? { ...row, number: numbers.invoice } : row,
    ),
  };
}
