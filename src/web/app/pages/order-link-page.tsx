import { ORDER_LINK_PARAM } from "#shared/api/order-link-contract.ts";
import { paths } from "#shared/paths.ts";
import { orderIdFrom } from "#web/features/orders/api/order-calls.ts";
import { orderLinkQuery } from "#web/features/orders/api/order-link-calls.ts";
import { OrderLinkView } from "#web/features/orders/components/order-link-view.tsx";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useParams, useSearchParams } from "#web/lib/routing.tsx";
import { NotFoundState } from "#web/ui/not-found-state.tsx";
import { notFound, type PageModule, type PrefetchOutcome } from "../page-module.ts";

const statusOf = { "order-link-invalid": 403, "order-link-expired": 410, "order-not-found": 404 } as const;

/** The server answers a refused link with its own status (4xx), and the page says why. */
export const prefetch: PageModule["prefetch"] = async ({ queryClient, params, searchParams }) => {
  const id = orderIdFrom(params.id);
  const token = searchParams.get(ORDER_LINK_PARAM) ?? "";
  if (!id) return notFound;
  const answer = await queryClient.fetchQuery(orderLinkQuery(id, token));
  return { status: answer.ok ? 200 : statusOf[answer.error] } satisfies PrefetchOutcome;
};

/** /pedido/{id}?clave=…: an order mail's signed link (decision 032). */
export function Component() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [params] = useSearchParams();
  const orderId = orderIdFrom(id);
  return (
    <>
      <title>{t("orders.link.title")}</title>
      <meta name="robots" content="noindex" />
      {orderId ? (
        <OrderLinkView orderId={orderId} token={params.get(ORDER_LINK_PARAM) ?? ""} />
      ) : (
        <NotFoundState
          title={t("orders.link.gone.title")}
          message={t("orders.link.gone.text")}
          backTo={paths.home()}
          backLabel={t("orders.link.toShop")}
        />
      )}
    </>
  );
}
