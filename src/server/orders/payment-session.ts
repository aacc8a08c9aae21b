import { and, eq } from "drizzle-orm";
import type { PaymentSessionView } from "#shared/api/payment-contract.ts";
import { paymentMethodsFor } from "#shared/checkout/payment-methods.ts";
import { shopOrder } from "../db/schema.ts";
import { applyIntent, ensurePayment, type OrderPaymentDeps } from "./order-payments.ts";

export type PaymentSessionOutcome = PaymentSessionView | "order-not-found" | "not-awaiting-payment";

const awaitingOrder = (deps: OrderPaymentDeps, userId: string, orderId: string) =>
  deps.db
    .select()
    .from(shopOrder)
    .where(and(eq(shopOrder.id, orderId), eq(shopOrder.userId, userId)));

/**
 * What the shopper's browser needs to pay their order now (decision 034): the payment at the
 * provider (made if the checkout could not make it), read from the provider at this moment and
 * applied to the order first, so a shopper back from 3-D Secure or their bank's app sees what the
 * provider says even before its webhook arrives.
 */
export async function readPaymentSession(
  deps: OrderPaymentDeps,
  userId: string,
  orderId: string,
): Promise<PaymentSessionOutcome> {
  const [order] = await awaitingOrder(deps, userId, orderId);
  if (!order) return "order-not-found";
  if (order.status !== "pendiente-pago") return "not-awaiting-payment";
  const stored = await ensurePayment(deps, order);
  const intent = await deps.payments.readIntent(stored.reference);
  const applied = await applyIntent(deps, intent);
  if (applied === "paid" || applied === "expired") return "not-awaiting-payment";
  const [now] = await awaitingOrder(deps, userId, orderId);
  return {
    orderId,
    provider: deps.payments.browser.kind,
    publishableKey: deps.payments.browser.publishableKey,
    clientSecret: intent.clientSecret,
    methods: paymentMethodsFor(order.address.country, order.totalCents),
    amountCents: intent.amountCents,
    status: intent.status,
    lastFailure: intent.lastFailure,
    multibanco: intent.status === "requires_action" ? intent.multibanco : null,
    expiresAt: (now?.payBy ?? order.payBy ?? order.placedAt).toISOString(),
  };
}
