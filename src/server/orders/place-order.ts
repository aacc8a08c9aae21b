import { eq, sql } from "drizzle-orm";
import type { Catalog } from "#catalog/catalog.ts";
import type { PlaceOrderRequest } from "#shared/api/order-contract.ts";
import type { Lang } from "#shared/lang.ts";
import { type Database, namedStatement, type Transaction } from "../db/client.ts";
import { coupon, user } from "../db/schema.ts";
import type { PaymentProvider } from "../payments/payment-provider.ts";
import { readCheckoutInputs } from "./checkout-inputs.ts";
import { priceCheckout, type Quote, type QuoteError } from "./checkout-quote.ts";
import { orderLang } from "./order-lang.ts";
import { ensurePayment } from "./order-payments.ts";
import type { OrderRows } from "./order-views.ts";
import { newOrderRows, storeOrder } from "./store-order.ts";

export type Buyer = { id: string; email: string; name: string; lastName: string };

export type PlaceOrderOutcome =
  | { ok: true; orderId: string; created: boolean }
  | {
      ok: false;
      error: QuoteError | "total-changed" | "coupon-refused" | "out-of-stock" | "order-in-progress";
      quote?: Quote;
    };

type Parsed = PlaceOrderRequest;

type Deps = {
  db: Database;
  catalog: Catalog;
  payments: PaymentProvider;
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
 * Places the shopper's cart as an order awaiting payment (issue 11: no interleaving oversells or
 * over-discounts; issue 27: the order exists before it is paid). A first look without locks
 * answers plain mistakes (and a checkout sent again) at once. Then, in one transaction: the
 * shopper's checkout is locked (a second one at the same time is told their order is being
 * processed); the cart is read and priced again; a coupon with a limit is locked and counted
 * again; then one statement (`storeOrder`) takes the stock (never below zero), stores the order
 * and empties the cart. Its payment at the provider is made after that commit, with no lock held
 * (`ensurePayment`); the shopper then pays in the provider's UI. The same idempotency key always
 * gives the same single order.
 */
export async function placeOrder(
  { db, catalog, payments, now }: Deps,
  buyer: Buyer,
  request: Parsed,
  /** The shop's language the shopper used; without it, the shipping country's (`orderLang`). */
  lang: Lang | undefined,
): Promise<PlaceOrderOutcome> {
  const placedAt = now();
  const first = await lookAgain(db, catalog, buyer, request, placedAt);
  // This very checkout, sent again: its order is the answer.
  if (first.placed !== null) return { ok: true, orderId: first.placed, created: false };
  if (!first.priced.ok) return first.priced;
  const firstQuote = first.priced.quote;
  if (!firstQuote.inStock) return { ok: false, error: "out-of-stock", quote: firstQuote };

  let placed: { orderId: string; created: boolean; rows?: OrderRows };
  try {
    placed = await db.transaction(async (tx) => {
      await lockCheckout(tx, { userId: buyer.id });
      const again = await lookAgain(tx, catalog, buyer, request, placedAt);
      // The same checkout sent twice at once: the first one stored it while this one waited.
      if (again.placed !== null) return { orderId: again.placed, created: false };
      const { priced } = again;
      // The cart was there a moment ago: another checkout of this shopper has just taken it.
      if (!priced.ok)
        throw new Refused(priced.error === "cart-empty" ? { ok: false, error: "order-in-progress" } : priced);
      const { quote } = priced;
      if (!quote.inStock) throw new OutOfStock();
      if (quote.coupon) await recheckCoupon(tx, catalog, buyer, request, placedAt, quote.coupon.code);
      const rows = newOrderRows({
        buyer,
        request,
        quote,
        lang: orderLang(lang, quote.address.country),
        placedAt,
      });
      if (!(await storeOrder(tx, rows))) throw new OutOfStock();
      return { orderId: rows.id, created: true, rows };
    });
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    if (error instanceof OutOfStock) return { ok: false, error: "out-of-stock", quote: firstQuote };
    throw error;
  }
  // Stored: its payment at the provider, asked for with no lock held. Should the provider not
  // answer now, the payment page asks for it again.
  if (placed.rows) await ensurePayment({ db, payments }, placed.rows).catch(() => undefined);
  return { ok: true, orderId: placed.orderId, created: placed.created };
}

type Refusal = Extract<PlaceOrderOutcome, { ok: false }>;

/**
 * The cart priced on the server with the checks a shopper can act on, and the order this
 * checkout's idempotency key already placed (then nothing else matters), in one statement. A
 * coupon's per-shopper rules count the buyer's user and the e-mail the order goes to (issue 28).
 */
async function lookAgain(
  db: Database | Transaction,
  catalog: Catalog,
  buyer: Buyer,
  request: Parsed,
  at: Date,
): Promise<{ placed: string } | { placed: null; priced: { ok: true; quote: Quote } | Refusal }> {
  const inputs = await readCheckoutInputs(db, buyer.id, request.addressId, request.idempotencyKey);
  if (inputs.placed) return { placed: inputs.placed };
  const priced = await priceCheckout(db, catalog, buyer, request, at, inputs);
  if (!priced.ok) return { placed: null, priced };
  const { quote } = priced;
  if (quote.coupon?.refusal) return { placed: null, priced: { ok: false, error: "coupon-refused", quote } };
  if (quote.totals.totalCents !== request.expectedTotalCents)
    return { placed: null, priced: { ok: false, error: "total-changed", quote } };
  return { placed: null, priced };
}

/**
 * One checkout per shopper at a time: the shopper's row is locked until the order is stored. A
 * second checkout waits here, then finds the cart gone (and is told the order is being
 * processed) or its own idempotency key stored: its card is never asked.
 */
const lockCheckout = namedStatement<{ userId: string }>(
  "lock-checkout",
  sql`select ${user.id} from ${user} where ${user.id} = ${sql.placeholder("userId")} for update`,
);

/**
 * A coupon's limits counted again under its row lock, so that shoppers racing for its last uses
 * queue here and each counts the orders committed before it. Held only until this order is stored.
 */
async function recheckCoupon(
  tx: Transaction,
  catalog: Catalog,
  buyer: Buyer,
  request: Parsed,
  at: Date,
  code: string,
): Promise<void> {
  await tx.select({ code: coupon.code }).from(coupon).where(eq(coupon.code, code)).for("update");
  const again = await lookAgain(tx, catalog, buyer, request, at);
  // (This checkout cannot have been placed meanwhile: its shopper's checkout lock is held.)
  if (again.placed !== null) throw new Refused({ ok: false, error: "order-in-progress" });
  if (!again.priced.ok) throw new Refused(again.priced);
}
