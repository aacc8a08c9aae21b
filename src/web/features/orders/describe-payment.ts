import type { OrderView } from "#shared/api/order-contract.ts";
import type { Translate } from "#web/lib/i18n/translate.ts";

/**
 * How an order was paid: «Tarjeta ···· 4242», «Bizum», «MB WAY», «Multibanco». An order paid
 * before the methods were recorded was paid by card (decision 034).
 */
export function describePayment(t: Translate, payment: NonNullable<OrderView["payment"]>): string | null {
  const method = payment.method ?? (payment.cardLast4 ? "card" : null);
  if (method === null) return null;
  if (method === "card" && payment.cardLast4)
    return t("checkout.pay.cardLast4", { last4: payment.cardLast4 });
  return t(`checkout.pay.methods.${method}`);
}
