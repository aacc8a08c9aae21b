import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { Catalog } from "#catalog/catalog.ts";
import { langQuerySchema } from "#shared/api/catalog-contract.ts";
import {
  orderDocumentParamSchema,
  orderIdParamSchema,
  type PurchasedProduct,
  placeOrderSchema,
  type QuoteView,
  quoteRequestSchema,
  returnRequestSchema,
} from "#shared/api/order-contract.ts";
import { requireAccount, requireUser, type SessionReader, type UserEnv } from "../auth/require-user.ts";
import { toProductCard } from "../catalog/product-views.ts";
import type { Database } from "../db/client.ts";
import { type RequestLimits, rateLimit } from "../http/rate-limit.ts";
import { apiError, validate } from "../http/validate.ts";
import { renderInvoicePdf } from "../invoices/invoice-pdf.ts";
import type { Logger } from "../logger.ts";
import type { PaymentProvider } from "../payments/payment-provider.ts";
import { readStock } from "../stock/stock-repository.ts";
import type { Quote } from "./checkout-quote.ts";
import { quoteCheckout } from "./checkout-quote.ts";
import { placeOrderQuerySchema } from "./order-lang.ts";
import { type Transition, transitionOrder } from "./order-lifecycle.ts";
import type { OrderNotifier } from "./order-notifier.ts";
import {
  listCreditNotes,
  listOrders,
  listPurchasedProducts,
  readOrder,
  readOrderDocument,
} from "./order-views.ts";
import { readPaymentSession } from "./payment-session.ts";
import { placeOrder } from "./place-order.ts";
import { requestReturn, returnRefusals } from "./return-requests.ts";

/** How often one shopper, and one address, may ask for a quote or try to pay. */
export type CheckoutLimits = {
  quote: { perShopper: number; perAddress: number; windowMs: number };
  place: { perShopper: number; perAddress: number; windowMs: number };
};

/**
 * Card testing (issue 11): a stolen-card list tried through one account, or many accounts from one
 * address, is stopped after a few payments; a shopper changing addresses and coupons is not.
 */
export const CHECKOUT_LIMITS: CheckoutLimits = {
  quote: { perShopper: 120, perAddress: 300, windowMs: 60_000 },
  place: { perShopper: 10, perAddress: 30, windowMs: 15 * 60_000 },
};

export type OrdersDeps = {
  /** Accounts and guests: a guest may quote, pay and see the order it placed (decision 032). */
  sessions: SessionReader;
  db: Database;
  catalog: Catalog;
  payments: PaymentProvider;
  notifier: OrderNotifier;
  logger: Logger;
  now?: () => Date;
  /** Where the limits count. */
  requestLimits: RequestLimits;
  /** null: no limits (automated runs, where every request comes from one address). */
  limits?: CheckoutLimits | null;
};

/** Both limits of one endpoint: per signed-in shopper, then per client address. */
function limited(
  counters: RequestLimits,
  name: string,
  limits: CheckoutLimits["quote"] | undefined,
): MiddlewareHandler<UserEnv> {
  if (!limits) return (_c, next) => next();
  const { perShopper, perAddress, windowMs } = limits;
  const byShopper = rateLimit(counters, `${name}-shopper`, {
    limit: perShopper,
    windowMs,
    keyOf: (c) => (c as Context<UserEnv>).get("user").id,
  });
  const byAddress = rateLimit(counters, `${name}-address`, { limit: perAddress, windowMs });
  return (c, next) =>
    byShopper(c, async () => {
      const refused = await byAddress(c, next);
      if (refused) c.res = refused;
    });
}

const toView = ({ address, zone, totals, delivery, coupon }: Quote): QuoteView => ({
  address,
  zone,
  totals,
  delivery,
  coupon,
});

const quoteErrors = {
  "cart-empty": [409, "The cart is empty"],
  "address-not-found": [404, "No such address"],
  "product-unavailable": [409, "A product in the cart is no longer sold"],
  "total-changed": [409, "The total changed; check the new one"],
  "coupon-refused": [422, "The coupon does not apply"],
  "out-of-stock": [409, "Not enough stock"],
  "order-in-progress": [409, "Another checkout of this cart is being processed"],
} as const;

/** Checkout (quote and place) and the shopper's orders. */
export function ordersRoutes({
  sessions,
  db,
  catalog,
  payments,
  notifier,
  logger,
  requestLimits,
  now = () => new Date(),
  limits = CHECKOUT_LIMITS,
}: OrdersDeps) {
  const paying = { db, payments, notifier, logger, now };
  /** The steps a shopper may take on their own order: cancel it, or ask to return it. */
  async function shopperStep(
    c: Context<UserEnv, string, { out: { param: { id: string } } }>,
    step: Transition,
  ) {
    const user = c.get("user");
    const { id } = c.req.valid("param");
    const result = await transitionOrder({ db, payments, mails: notifier, now }, id, step, {
      userId: user.id,
    });
    if (!result.ok) {
      return result.error === "order-not-found"
        ? c.json(apiError(result.error, "No such order"), 404)
        : c.json(
            apiError(`not-${step === "cancel" ? "cancellable" : "returnable"}`, "Not possible now"),
            409,
          );
    }
    if (result.changed) await notifier.changed(id);
    return c.json(await readOrder(db, user.id, id));
  }

  return new Hono<UserEnv>()
    .use(requireUser(sessions))
    .post(
      "/quote",
      limited(requestLimits, "quote", limits?.quote),
      validate("json", quoteRequestSchema),
      async (c) => {
        const result = await quoteCheckout(db, catalog, c.get("user"), c.req.valid("json"), now());
        if (!result.ok) {
          const [status, message] = quoteErrors[result.error];
          return c.json(apiError(result.error, message), status);
        }
        return c.json(toView(result.quote));
      },
    )
    .post(
      "/",
      limited(requestLimits, "place", limits?.place),
      validate("query", placeOrderQuerySchema),
      validate("json", placeOrderSchema),
      async (c) => {
        const user = c.get("user");
        const request = c.req.valid("json");
        // A guest's email is a stand-in: the order and its mail go to the one given at checkout.
        const email = user.guest ? request.invoice.email : user.email;
        if (!email) return c.json(apiError("guest-email-required", "An email is needed"), 422);
        const result = await placeOrder(
          { db, catalog, payments, now },
          { ...user, email },
          request,
          c.req.valid("query").lang,
        );
        if (!result.ok) {
          const [status, message] = quoteErrors[result.error];
          const quote = "quote" in result && result.quote ? { quote: toView(result.quote) } : {};
          return c.json({ error: { code: result.error, message }, ...quote }, status);
        }
        if (result.created) await notifier.placed(result.orderId, user.id);
        const order = await readOrder(db, user.id, result.orderId);
        return c.json(order, result.created ? 201 : 200);
      },
    )
    .get("/", requireAccount, async (c) => c.json({ items: await listOrders(db, c.get("user").id) }))
    .get("/purchased-products", requireAccount, validate("query", langQuerySchema), async (c) => {
      const rows = await listPurchasedProducts(db, c.get("user").id);
      const stock = await readStock(
        db,
        rows.map((row) => row.productId),
      );
      const items: PurchasedProduct[] = rows.flatMap(({ productId, lastBought }) => {
        const product = catalog.getProduct(productId);
        if (!product) return [];
        const card = toProductCard(product, c.req.valid("query").lang, stock);
        return [{ product: card, lastBought: lastBought.toISOString() }];
      });
      return c.json({ items });
    })
    .get("/credit-notes", requireAccount, async (c) =>
      c.json({ items: await listCreditNotes(db, c.get("user").id) }),
    )
    .post("/:id/cancel", requireAccount, validate("param", orderIdParamSchema), (c) =>
      shopperStep(c, "cancel"),
    )
    .post("/:id/return", requireAccount, validate("param", orderIdParamSchema), (c) =>
      shopperStep(c, "request-return"),
    )
    .post(
      "/:id/returns",
      requireAccount,
      validate("param", orderIdParamSchema),
      validate("json", returnRequestSchema),
      async (c) => {
        const user = c.get("user");
        const { id } = c.req.valid("param");
        const lines = c.req
          .valid("json")
          .lines.map(({ lineId, quantity }) => ({ position: lineId, quantity }));
        const result = await requestReturn({ db, mails: notifier, now }, id, lines, { userId: user.id });
        if (!result.ok) {
          const [status, message] = returnRefusals[result.error];
          return c.json(apiError(result.error, message), status);
        }
        await notifier.changed(id);
        return c.json(await readOrder(db, user.id, id), 201);
      },
    )
    .get("/:id/documents/:kind", requireAccount, validate("param", orderDocumentParamSchema), async (c) => {
      const { id, kind } = c.req.valid("param");
      const document = await readOrderDocument(db, c.get("user").id, id, kind);
      if (!document) return c.json(apiError("document-not-found", "No such document"), 404);
      const pdf = await renderInvoicePdf(document);
      return c.body(new Uint8Array(pdf), 200, {
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="${document.number}.pdf"`,
        "cache-control": "private, no-store",
      });
    })
    .get("/:id/payment", validate("param", orderIdParamSchema), async (c) => {
      const session = await readPaymentSession(paying, c.get("user").id, c.req.valid("param").id);
      if (session === "order-not-found") return c.json(apiError(session, "No such order"), 404);
      if (session === "not-awaiting-payment")
        return c.json(apiError(session, "The order is not awaiting payment"), 409);
      return c.json(session);
    })
    .get("/:id", validate("param", orderIdParamSchema), async (c) => {
      const order = await readOrder(db, c.get("user").id, c.req.valid("param").id);
      return order ? c.json(order) : c.json(apiError("order-not-found", "No such order"), 404);
    });
}
