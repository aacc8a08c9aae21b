import type { OrderTotals } from "#shared/checkout/totals.ts";
import { SHOP_TIME_ZONE } from "#shared/dates.ts";
import { localeOf } from "#shared/lang.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import styles from "./order-summary.module.css";
import { Price } from "./price.tsx";

type OrderSummaryProps = {
  totals: Omit<OrderTotals, "lines">;
  delivery?: { from: string; to: string } | undefined;
};

/** Subtotal, discount, shipping, the VAT included by rate, and the total: the server's figures. */
export function OrderSummary({ totals, delivery }: OrderSummaryProps) {
  const { t, lang } = useTranslation();
  const price = (cents: number) => <Price cents={cents} />;
  const day = (iso: string) =>
    new Date(`${iso}T12:00:00Z`).toLocaleDateString(localeOf[lang], {
      weekday: "long",
      day: "numeric",
      month: "long",
      timeZone: SHOP_TIME_ZONE,
    });
  return (
    <dl className={styles.summary}>
      <dt>{t("checkout.subtotal")}</dt>
      <dd>{price(totals.subtotalCents)}</dd>
      {totals.discountCents > 0 && (
        <>
          <dt>{t("checkout.discount")}</dt>
          <dd>−{price(totals.discountCents)}</dd>
        </>
      )}
      <dt>{t("checkout.shipping")}</dt>
      <dd>{totals.shippingCents === 0 ? t("checkout.free") : price(totals.shippingCents)}</dd>
      <dt className={styles.total}>{t("checkout.total")}</dt>
      <dd className={styles.total}>{price(totals.totalCents)}</dd>
      {totals.vat.length === 0 ? (
        <dd className={styles.vatNote}>{t("checkout.noVat")}</dd>
      ) : (
        totals.vat.map((line) => (
          <dd key={line.ratePercent} className={styles.vatNote}>
            {t("checkout.vatIncluded", { rate: line.ratePercent })} {price(line.vatCents)}
          </dd>
        ))
      )}
      {delivery && (
        <dd className={styles.delivery}>
          {delivery.from === delivery.to
            ? t("checkout.deliveryOn", { day: day(delivery.from) })
            : t("checkout.deliveryBetween", { from: day(delivery.from), to: day(delivery.to) })}
        </dd>
      )}
    </dl>
  );
}
