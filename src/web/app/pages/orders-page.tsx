import { ordersQuery } from "#web/features/orders/api/order-calls.ts";
import { OrdersList } from "#web/features/orders/components/orders-list.tsx";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { type PageModule, prefetchForShopper } from "../page-module.ts";

export const prefetch: PageModule["prefetch"] = (context) =>
  prefetchForShopper(context, (client) => [client.prefetchQuery(ordersQuery)]);

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
