import Swal from "sweetalert2";
import type { OrderView } from "#shared/api/order-contract.ts";
import { formatPrice } from "#shared/money.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { notify } from "#web/ui/toast-queue.ts";
import { useCancelOrder } from "../api/order-calls.ts";
import styles from "./orders.module.css";

/** Shown until the parcel leaves: cancelling refunds the card and issues a credit note. */
export function CancelOrderButton({ order }: { order: OrderView }) {
  const { t, lang } = useTranslation();
  const cancel = useCancelOrder();
  const amount = formatPrice(order.totals.totalCents / 100, lang);
  async function confirmAndCancel() {
    const answer = await Swal.fire({
      icon: "warning",
      title: t("orders.cancelTitle", { number: order.number }),
      text: t("orders.cancelText", { amount }),
      showCancelButton: true,
      confirmButtonText: t("orders.cancelConfirm"),
      cancelButtonText: t("orders.cancelKeep"),
      confirmButtonColor: "#c62828",
      focusCancel: true,
    });
    if (!answer.isConfirmed) return;
    try {
      await cancel.mutateAsync(order.id);
      notify(t("orders.cancelled", { amount }), "success");
    } catch {
      notify(t("orders.cancelFailed"), "error");
    }
  }
  return (
    <button
      type="button"
      className={styles.cancel}
      disabled={cancel.isPending}
      onClick={() => void confirmAndCancel()}
    >
      {t("orders.cancel")}
    </button>
  );
}
