import { useParams } from "react-router";
import { OrderDetail } from "#web/features/orders/components/order-detail.tsx";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /detalle/compra/{id} */
export function Component() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <>
      <title>{t("orders.detailTitle")}</title>
      <meta name="robots" content="noindex" />
      <OrderDetail orderId={id && uuid.test(id) ? id : null} />
    </>
  );
}
