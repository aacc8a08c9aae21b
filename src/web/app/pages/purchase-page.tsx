import { orderIdFrom, orderQuery } from "#web/features/orders/api/order-calls.ts";
import { OrderDetail } from "#web/features/orders/components/order-detail.tsx";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useParams } from "#web/lib/routing.tsx";
import { type PageModule, prefetchForShopper } from "../page-module.ts";

export const prefetch: PageModule["prefetch"] = (context) => {
  const id = orderIdFrom(context.params.id);
  return prefetchForShopper(context, (client) => (id ? [client.prefetchQuery(orderQuery(id))] : []));
};

/** /detalle/compra/{id} */
export function Component() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <>
      <title>{t("orders.detailTitle")}</title>
      <meta name="robots" content="noindex" />
      <OrderDetail orderId={orderIdFrom(id)} />
    </>
  );
}
