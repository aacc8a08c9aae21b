import { CouponsList } from "#web/features/coupons/components/coupons-list.tsx";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";

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
