import type { OrderView } from "#shared/api/order-contract.ts";
import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { NotFoundState } from "#web/ui/not-found-state.tsx";

/**
 * An order that ended without being paid (decision 034): its time to pay ran out and its products
 * went back on sale, or it was cancelled first. Nothing was charged either way.
 */
export function OrderUnpaid({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const expired = order.status === "caducado";
  const title = t(expired ? "checkout.end.expiredTitle" : "checkout.end.cancelledTitle");
  return (
    <>
      <title>{title}</title>
      <NotFoundState
        title={title}
        message={t(expired ? "checkout.end.expiredText" : "checkout.end.cancelledText")}
        backTo={expired ? paths.checkout() : paths.home()}
        backLabel={t(expired ? "checkout.end.toCart" : "checkout.end.toShop")}
      />
    </>
  );
}
