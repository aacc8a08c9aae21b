import type { CouponView } from "#shared/api/coupon-contract.ts";
import { formatShopDate } from "#shared/dates.ts";
import { formatPrice } from "#shared/money.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Spinner } from "#web/ui/spinner.tsx";
import { useCoupons } from "../api/coupon-calls.ts";
import styles from "./coupons-list.module.css";

/** /cupones: the coupons the shopper can use now, what each takes off and on what conditions. */
export function CouponsList() {
  const { t } = useTranslation();
  const { data } = useCoupons();
  if (!data) return <Spinner label={t("common.loading")} />;
  return (
    <section className={styles.coupons}>
      <h1>{t("coupons.title")}</h1>
      {data.items.length === 0 ? (
        <p className={styles.empty}>{t("coupons.empty")}</p>
      ) : (
        <>
          <p>{t("coupons.howTo")}</p>
          <ul className={styles.list}>
            {data.items.map((coupon) => (
              <li key={coupon.code} className={styles.coupon}>
                <CouponCard coupon={coupon} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function CouponCard({ coupon }: { coupon: CouponView }) {
  const { t, lang } = useTranslation();
  const benefit =
    coupon.kind === "percent"
      ? t("coupons.percent", { value: coupon.value })
      : coupon.kind === "fixed"
        ? t("coupons.fixed", { amount: formatPrice(coupon.value, lang) })
        : t("coupons.freeShipping");
  const conditions = [
    coupon.firstOrderOnly ? t("coupons.firstOrderOnly") : null,
    coupon.minSubtotalCents > 0
      ? t("coupons.minimum", { amount: formatPrice(coupon.minSubtotalCents, lang) })
      : null,
    coupon.categories
      ? t("coupons.onlyIn", { categories: coupon.categories.map((c) => t(`categories.${c}`)).join(", ") })
      : null,
    coupon.endsAt
      ? t("coupons.until", {
          date: formatShopDate(coupon.endsAt, lang),
        })
      : t("coupons.noExpiry"),
  ].filter((condition) => condition !== null);
  return (
    <>
      <p className={styles.benefit}>{benefit}</p>
      <p className={styles.code}>
        <span>{t("coupons.code")}</span> <strong>{coupon.code}</strong>
      </p>
      <ul className={styles.conditions}>
        {conditions.map((condition) => (
          <li key={condition}>{condition}</li>
        ))}
      </ul>
    </>
  );
}
