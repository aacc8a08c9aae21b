import type { ReactNode } from "react";
import type { OrderView } from "#shared/api/order-contract.ts";
import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { NotFoundState } from "#web/ui/not-found-state.tsx";
import { Spinner } from "#web/ui/spinner.tsx";
import { useOrder } from "../api/order-calls.ts";
import { OrderThanks } from "./order-thanks.tsx";
import { OrderToPay } from "./order-to-pay.tsx";
import { OrderUnpaid } from "./order-unpaid.tsx";

type OrderPlacedProps = {
  orderId: string | null;
  guest?: boolean;
  /** The payment panel of an order awaiting payment, supplied by the page (checkout feature). */
  renderPayment: (order: OrderView) => ReactNode;
};

/**
 * /checkout/fin: the order as it stands (decision 034): to pay, paid (the thanks), or ended unpaid.
 * It follows the order: the live stream or the payment panel refetch it, and the page moves on.
 */
export function OrderPlaced({ orderId, guest = false, renderPayment }: OrderPlacedProps) {
  const { t } = useTranslation();
  const { data: order, isError } = useOrder(orderId);
  // A failed refetch (while polling a payment) keeps the order on screen.
  if (!orderId || (isError && !order)) {
    return (
      <>
        <title>{t("checkout.placed.missingTitle")}</title>
        <NotFoundState
          title={t("checkout.placed.missingTitle")}
          message={t("checkout.placed.missingText")}
          backTo={paths.orders()}
          backLabel={t("checkout.placed.toOrders")}
        />
      </>
    );
  }
  if (!order) {
    return (
      <>
        <title>{t("checkout.end.loadingTitle")}</title>
        <Spinner label={t("common.loading")} />
      </>
    );
  }
  if (order.status === "pendiente-pago") return <OrderToPay order={order}>{renderPayment(order)}</OrderToPay>;
  if (order.status === "caducado" || (order.status === "cancelado" && order.number === null)) {
    return <OrderUnpaid order={order} />;
  }
  return <OrderThanks order={order} guest={guest} />;
}
