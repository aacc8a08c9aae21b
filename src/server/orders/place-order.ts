import { and, eq, gte, sql } from "drizzle-orm";
import type { Catalog } from "#catalog/catalog.ts";
import type { PlaceOrderRequest } from "#shared/api/order-contract.ts";
import { vatRate } from "#shared/checkout/vat.ts";
import type { Lang } from "#shared/lang.ts";
import type { Database, Transaction } from "../db/client.ts";
import { cartLine, invoice, orderEvent, orderLine, payment, productStock, shopOrder } from "../db/schema.ts";
import type { PaymentDecline, PaymentProvider } from "../payments/payment-provider.ts";
import { readStock } from "../stock/stock-repository.ts";
import { type Quote, type QuoteError, quoteCheckout } from "./checkout-quote.ts";
import { formatNumber, nextNumber } from "./number-series.ts";

export type Buyer = { id: string; email: string; name: string; lastName: string };

export type PlaceOrderOutcome =
  | { ok: true; orderId: string; created: boolean }
  | { ok: false; error: QuoteError | "total-changed" | "coupon-refused" | "out-of-stock"; quote?: Quote }
  | { ok: false; error: "payment-declined"; decline: PaymentDecline };

type Parsed = Omit<PlaceOrderRequest, "card"> & {
  card: { holder: string; number: string; expiry: string; cvc: string };
};

type Deps = { db: Database; catalog: Catalog; payments: PaymentProvider; now: () => Date };

class OutOfStock extends Error {}

/**
 * Places the shopper's cart as an order: prices it again on the server, holds the payment,
 * then in one transaction takes the stock (never below zero), numbers and stores the order,
 * its invoice and the payment, and empties the cart; finally captures the payment. The same
 * idempotency key always gives the same single order.
 */
export async function placeOrder(
  { db, catalog, payments, now }: Deps,
  buyer: Buyer,
  request: Parsed,
  lang: Lang,
): Promise<PlaceOrderOutcome> {
  const existing = await findByKey(db, buyer.id, request.idempotencyKey);
  if (existing) return { ok: true, orderId: existing, created: false };

  const placedAt = now();
  const priced = await quoteCheckout(db, catalog, buyer.id, request, placedAt);
  if (!priced.ok) return priced;
  const { quote } = priced;
  if (quote.coupon?.refusal) return { ok: false, error: "coupon-refused", quote };
  if (quote.totals.totalCents !== request.expectedTotalCents)
    return { ok: false, error: "total-changed", quote };
  if (!(await stockCovers(db, quote))) return { ok: false, error: "out-of-stock", quote };

  const hold = await payments.authorize({
    amountCents: quote.totals.totalCents,
    card: request.card,
    description: `Order ${request.idempotencyKey}`,
    idempotencyKey: request.idempotencyKey,
  });
  if (!hold.ok) return { ok: false, error: "payment-declined", decline: hold.decline };

  let orderId: string;
  try {
    orderId = await db.transaction((tx) =>
      storeOrder(tx, { buyer, request, quote, lang, placedAt, provider: payments.name, ...hold }),
    );
  } catch (error) {
    await payments.cancel(hold.reference);
    if (error instanceof OutOfStock) return { ok: false, error: "out-of-stock", quote };
    // The same checkout sent twice at once: the other request stored the order.
    const raced = await findByKey(db, buyer.id, request.idempotencyKey);
    if (raced) return { ok: true, orderId: raced, created: false };
    throw error;
  }
  await payments.capture(hold.reference);
  return { ok: true, orderId, created: true };
}

async function findByKey(db: Database, userId: string, key: string): Promise<string | undefined> {
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

async function storeOrder(tx: Transaction, input: StoreInput): Promise<string> {
  const { buyer, request, quote, placedAt } = input;
  for (const line of quote.totals.lines) {
    // One conditional update per product: concurrent buyers queue on the row and the last
    // units go to whoever comes first; the rest roll back here.
    const taken = await tx
      .update(productStock)
      .set({ available: sql`${productStock.available} - ${line.quantity}`, updatedAt: placedAt })
      .where(and(eq(productStock.productId, line.productId), gte(productStock.available, line.quantity)))
      .returning({ available: productStock.available });
    if (taken.length === 0) throw new OutOfStock();
  }
  const year = placedAt.getUTCFullYear();
  const number = formatNumber("", year, await nextNumber(tx, `P${year}`));
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
    .returning({ id: shopOrder.id });
  if (!order) throw new Error("Order not stored");
  await tx.insert(orderLine).values(
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
  );
  await tx.insert(orderEvent).values({ orderId: order.id, status: "pagado", at: placedAt });
  await tx.insert(payment).values({
    orderId: order.id,
    provider: input.provider,
    reference: input.reference,
    status: "captured",
    amountCents: totals.totalCents,
    cardLast4: input.cardLast4,
    createdAt: placedAt,
  });
  await tx.insert(invoice).values({
    orderId: order.id,
    kind: "invoice",
    number: formatNumber("F", year, await nextNumber(tx, `F${year}`)),
    totalCents: totals.totalCents,
    vat: totals.vat,
    issuedAt: placedAt,
  });
  await tx.delete(cartLine).where(eq(cartLine.userId, buyer.id));
  return order.id;
}
