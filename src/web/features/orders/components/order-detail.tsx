import type { ReactNode } from "react";
import { regionName } from "#shared/address/regions.ts";
import { type OrderView, WITHDRAWAL_DAYS } from "#shared/api/order-contract.ts";
import { formatShopDateTime } from "#shared/dates.ts";
import { paths } from "#shared/paths.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { NotFoundState } from "#web/ui/not-found-state.tsx";
import { OrderSummary } from "#web/ui/order-summary.tsx";
import { Spinner } from "#web/ui/spinner.tsx";
import { useOrder, useRequestReturn } from "../api/order-calls.ts";
import { describePayment } from "../describe-payment.ts";
import { nameOrder } from "../name-order.ts";
import { OrderLinesTable } from "./order-lines-table.tsx";
import { OrderPaymentDue } from "./order-payment-due.tsx";
import { OrderShipment } from "./order-shipment.tsx";
import { OrderStepButton } from "./order-step-button.tsx";
import styles from "./orders.module.css";
import { ReturnRequestForm } from "./return-request-form.tsx";
import { statusClass } from "./status-class.ts";

/** /detalle/compra/{id}: one order in full; someone else's or a bad id is simply not found. */
export function OrderDetail({ orderId }: { orderId: string | null }) {
  const { t } = useTranslation();
  const { data: order, error } = useOrder(orderId);
  if (!orderId || (error instanceof ApiError && error.status < 500)) {
    return (
      <NotFoundState
        title={t("orders.notFoundTitle")}
        message={t("orders.notFoundText")}
        backTo={paths.orders()}
        backLabel={t("checkout.placed.toOrders")}
      />
    );
  }
  if (!order) return <Spinner label={t("common.loading")} />;
  return <AccountOrderSheet order={order} />;
}

function AccountOrderSheet({ order }: { order: OrderView }) {
  const returns = useRequestReturn(order.id);
  return (
    <OrderSheet
      order={order}
      documentHref={(number) => `/api/orders/${order.id}/documents/${number}`}
      actions={
        <>
          <OrderPaymentDue order={order} payLink />
          {(order.status === "pagado" || order.status === "preparando") && (
            <OrderStepButton order={order} step="cancel" />
          )}
          {order.status === "entregado" && withinWithdrawal(order) && (
            <OrderStepButton order={order} step="return" />
          )}
        </>
      }
    >
      <ReturnRequestForm order={order} submit={returns.mutateAsync} pending={returns.isPending} />
    </OrderSheet>
  );
}

type OrderSheetProps = {
  order: OrderView;
  /** Where an invoice or credit note, by its number, downloads from (the account's, or the signed link's). */
  documentHref: (number: string) => string;
  /** The steps the reader may take on it, under its status. */
  actions?: ReactNode;
  children?: ReactNode;
};

/** One order in full: what was bought, where it goes, what it cost, its documents and history. */
export function OrderSheet({ order, documentHref, actions, children }: OrderSheetProps) {
  const { t, lang } = useTranslation();
  const when = (iso: string) => formatShopDateTime(iso, lang);
  const { address } = order;
  // Only once paid: an order awaiting payment may have tried a method that was refused.
  const paidWith = order.number !== null && order.payment && describePayment(t, order.payment);
  return (
    <article className={styles.detail}>
      <h1>{nameOrder(t, order)}</h1>
      <p>
        {when(order.placedAt)} ·{" "}
        <span className={statusClass[order.status]}>{t(`orders.status.${order.status}`)}</span>
      </p>
      {actions}
      {order.shipment && <OrderShipment shipment={order.shipment} />}
      <OrderLinesTable lines={order.lines} />
      <div className={styles.columns}>
        <section>
          <h2>{t("orders.deliverTo")}</h2>
          <address className={styles.address}>
            {address.name} {address.lastName}
            <br />
            {[address.street, address.floorDoor].filter(Boolean).join(", ")}
            <br />
            {address.postalCode} {address.city} ({regionName(address.country, address.region)})
            <br />
            {address.phone}
          </address>
          <p>{t(`checkout.methods.${order.shippingMethod}`)}</p>
          {order.couponCode && <p>{t("orders.coupon", { code: order.couponCode })}</p>}
          {paidWith && <p>{t("orders.paidWith", { method: paidWith })}</p>}
          {order.payment?.status === "refund-pending" && <p role="status">{t("orders.refundPending")}</p>}
          {order.payment?.status === "refunded" && <p>{t("orders.refunded")}</p>}
          {order.invoices.map((invoice) => (
            <p key={invoice.number}>
              <a href={documentHref(invoice.number)} download={`${invoice.number}.pdf`}>
                {t(`orders.documents.${invoice.kind}`, { number: invoice.number })}
              </a>
            </p>
          ))}
        </section>
        <section>
          <h2>{t("checkout.summary")}</h2>
          <OrderSummary
            totals={order.totals}
            delivery={order.status === "pagado" ? order.delivery : undefined}
          />
        </section>
      </div>
      <section>
        <h2>{t("orders.history")}</h2>
        <ol className={styles.history}>
          {order.history.map((event) => (
            <li key={`${event.status}-${event.at}`}>
              <strong>{t(`orders.status.${event.status}`)}</strong> · {when(event.at)}
              {event.note && ` · ${event.note}`}
            </li>
          ))}
        </ol>
      </section>
      {children}
    </article>
  );
}

/** The return window the server also checks: 14 days from delivery. */
function withinWithdrawal(order: OrderView): boolean {
  const delivered = order.history.find((event) => event.status === "entregado");
  return delivered !== undefined && Date.now() - Date.parse(delivered.at) <= WITHDRAWAL_DAYS * 86_400_000;
}
