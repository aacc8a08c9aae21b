import { OrdersList } from "#web/features/orders/components/orders-list.tsx";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <title>{t("orders.title")}</title>
      <meta name="robots" content="noindex" />
      <OrdersList />
    </>
  );
}
