import { PaymentPanel } from "#web/features/checkout/components/payment/payment-panel.tsx";
import { orderIdFrom, orderQuery } from "#web/features/orders/api/order-calls.ts";
import { OrderPlaced } from "#web/features/orders/components/order-placed.tsx";
import { useSearchParams } from "#web/lib/routing.tsx";
import { useSession } from "#web/lib/session/session.tsx";
import { isGuest } from "#web/lib/session/session-store.ts";
import { type PageModule, prefetchForShopper } from "../page-module.ts";

export const prefetch: PageModule["prefetch"] = (context) => {
  const id = orderIdFrom(context.searchParams.get("pedido"));
  return prefetchForShopper(context, (client) => (id ? [client.prefetchQuery(orderQuery(id))] : []));
};

/**
 * /checkout/fin?pedido={id}: the order just placed, paid here (issue 27, decision 034). The provider
 * sends the shopper back here after 3-D Secure or their bank's app, with `redirect_status`.
 */
export function Component() {
  const [params] = useSearchParams();
  const id = params.get("pedido");
  const returning = params.get("redirect_status") === "succeeded";
  const guest = useSession(isGuest);
  return (
    <>
      {/* Each state of the order draws its own <title>. */}
      <meta name="robots" content="noindex" />
      <OrderPlaced
        orderId={orderIdFrom(id)}
        guest={guest}
        renderPayment={(order) => <PaymentPanel orderId={order.id} returning={returning} />}
      />
    </>
  );
}
