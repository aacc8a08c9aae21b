import { useState } from "react";
import type { OrderLinkError } from "#shared/api/order-link-contract.ts";
import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link } from "#web/lib/routing.tsx";
import { confirmDestructive } from "#web/ui/confirm-dialog.ts";
import { NotFoundState } from "#web/ui/not-found-state.tsx";
import { Spinner } from "#web/ui/spinner.tsx";
import { notify } from "#web/ui/toast-queue.ts";
import {
  orderLinkDocument,
  useEraseGuestData,
  useLinkReturn,
  useOrderLink,
} from "../api/order-link-calls.ts";
import { KeepInAccount } from "./keep-in-account.tsx";
import { OrderSheet } from "./order-detail.tsx";
import { OrderPaymentDue } from "./order-payment-due.tsx";
import styles from "./orders.module.css";
import { ReturnRequestForm } from "./return-request-form.tsx";

const refusalKeys: Record<OrderLinkError, string> = {
  "order-link-invalid": "invalid",
  "order-link-expired": "expired",
  "order-not-found": "gone",
};

/**
 * /pedido/{id}?clave=…: the order an order mail links to, read-only, for whoever holds the link
 * (decision 032). A guest may ask here for their data to be erased; an account's order points to
 * the account, where it is managed.
 */
export function OrderLinkView({ orderId, token }: { orderId: string; token: string }) {
  const { t } = useTranslation();
  const { data } = useOrderLink(orderId, token);
  const erase = useEraseGuestData(orderId, token);
  const returns = useLinkReturn(orderId, token);
  const [erased, setErased] = useState(false);
  const refusal = (key: string) => (
    <NotFoundState
      title={t(`orders.link.${key}.title`)}
      message={t(`orders.link.${key}.text`)}
      backTo={paths.home()}
      backLabel={t("orders.link.toShop")}
    />
  );
  if (erased) return refusal("erased");
  if (!data) return <Spinner label={t("common.loading")} />;
  if (!data.ok) return refusal(refusalKeys[data.error]);
  const { order, guest } = data.view;

  async function confirmAndErase() {
    const confirmed = await confirmDestructive({
      title: t("orders.link.eraseTitle"),
      text: t("orders.link.eraseText"),
      confirm: t("orders.link.eraseConfirm"),
      cancel: t("orders.link.eraseKeep"),
    });
    if (!confirmed) return;
    try {
      await erase.mutateAsync();
      setErased(true);
    } catch {
      notify(t("orders.link.eraseFailed"), "error");
    }
  }

  return (
    <OrderSheet
      order={order}
      documentHref={(number) => orderLinkDocument(order.id, token, number)}
      actions={
        <>
          <p className={styles.linkNote}>{t("orders.link.readOnly")}</p>
          <OrderPaymentDue order={order} payLink={false} />
        </>
      }
    >
      <ReturnRequestForm order={order} submit={returns.mutateAsync} pending={returns.isPending} />
      <section aria-labelledby="order-link-data">
        <h2 id="order-link-data">{t("orders.link.yourData")}</h2>
        {guest ? (
          <>
            <KeepInAccount orderId={order.id} token={token} />
            <p>{t("orders.link.guestText")}</p>
            <button
              type="button"
              className={styles.cancel}
              disabled={erase.isPending}
              onClick={() => void confirmAndErase()}
            >
              {t("orders.link.eraseButton")}
            </button>
          </>
        ) : (
          <p>
            {t("orders.link.accountText")}{" "}
            <Link to={paths.purchase(order.id)}>{t("orders.link.toAccount")}</Link>
          </p>
        )}
      </section>
    </OrderSheet>
  );
}
