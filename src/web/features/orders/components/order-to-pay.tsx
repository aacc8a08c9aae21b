import type { ReactNode } from "react";
import type { OrderView } from "#shared/api/order-contract.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { OrderSummary } from "#web/ui/order-summary.tsx";
import styles from "./orders.module.css";

/** An order placed and awaiting payment (decision 034): the payment panel, then what it holds. */
export function OrderToPay({ order, children }: { order: OrderView; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className={styles.placed} aria-labelledby="order-to-pay-title">
      <title>{t("checkout.pay.title")}</title>
      <h1 id="order-to-pay-title">{t("checkout.pay.title")}</h1>
      <p>{t("checkout.pay.intro")}</p>
      {children}
      <section className={styles.toPayOrder} aria-labelledby="order-to-pay-lines">
        <h2 id="order-to-pay-lines">{t("checkout.pay.yourOrder")}</h2>
        <ul className={styles.placedLines}>
          {order.lines.map((line) => (
            <li key={line.productId}>
              {line.quantity} × {line.name}
            </li>
          ))}
        </ul>
        <OrderSummary totals={order.totals} />
      </section>
    </section>
  );
}
