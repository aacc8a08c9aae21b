import { couponsQuery } from "#web/features/coupons/api/coupon-calls.ts";
import { CouponsList } from "#web/features/coupons/components/coupons-list.tsx";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { type PageModule, prefetchForShopper } from "../page-module.ts";

export const prefetch: PageModule["prefetch"] = (context) =>
  prefetchForShopper(context, (client) => [client.prefetchQuery(couponsQuery)]);

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <title>{t("coupons.title")}</title>
      <meta name="robots" content="noindex" />
      <CouponsList />
    </>
  );
}
