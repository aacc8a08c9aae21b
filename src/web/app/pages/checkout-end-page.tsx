import { useEffect } from "react";
import { useCheckoutStore } from "#web/features/checkout/checkout-store.ts";
import { orderIdFrom, orderQuery } from "#web/features/orders/api/order-calls.ts";
import { OrderPlaced } from "#web/features/orders/components/order-placed.tsx";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useSearchParams } from "#web/lib/routing.tsx";
import { useSession } from "#web/lib/session/session.tsx";
import { isGuest } from "#web/lib/session/session-store.ts";
import { type PageModule, prefetchForShopper } from "../page-module.ts";

export const prefetch: PageModule["prefetch"] = (context) => {
  const id = orderIdFrom(context.searchParams.get("pedido"));
  return prefetchForShopper(context, (client) => (id ? [client.prefetchQuery(orderQuery(id))] : []));
};

/** /checkout/fin?pedido={id}: the order just placed. */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get("pedido");
  const userId = useSession((state) => state.user?.id ?? null);
  const guest = useSession(isGuest);
  const reset = useCheckoutStore((state) => state.reset);
  // The next checkout starts afresh. Resetting here rather than on the checkout page keeps that
  // page from choosing the default address again and pricing the cart the order just emptied.
  useEffect(() => reset(userId), [reset, userId]);
  return (
    <>
      <title>{t("checkout.placed.title")}</title>
      <meta name="robots" content="noindex" />
      <OrderPlaced orderId={orderIdFrom(id)} guest={guest} />
    </>
  );
}
