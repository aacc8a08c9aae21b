import type { Shipment } from "#shared/tracking.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import styles from "./orders.module.css";

/**
 * A shipped order's parcel (issue 30): who carries it, its number, and the carrier's own page
 * that follows it, opened apart from the shop (no opener, no referrer: the order link's key stays here).
 */
export function OrderShipment({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="order-shipment" className={styles.shipment}>
      <h2 id="order-shipment">{t("orders.shipment.title")}</h2>
      <p>{t("orders.shipment.carrier", { carrier: shipment.carrier })}</p>
      <p>{t("orders.shipment.number", { number: shipment.number })}</p>
      <p>
        <a className={styles.trackLink} href={shipment.url} target="_blank" rel="noopener noreferrer">
          {t("orders.shipment.follow")}
        </a>
      </p>
    </section>
  );
}
