import type { OrderView } from "#shared/api/order-contract.ts";
import { formatPrice } from "#shared/money.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { confirmDestructive } from "#web/ui/confirm-dialog.ts";
import { notify } from "#web/ui/toast-queue.ts";
import { type ShopperStep, useOrderStep } from "../api/order-calls.ts";
import styles from "./orders.module.css";

/**
 * Cancel (until the parcel leaves: refund and credit note at once) or ask to return (within 14
 * days of delivery: refund and credit note when the parcel is back), after a confirmation.
 */
export function OrderStepButton({ order, step }: { order: OrderView; step: ShopperStep }) {
  const { t, lang } = useTranslation();
  const mutation = useOrderStep(step);
  const amount = formatPrice(order.totals.totalCents, lang);
  const texts = (key: string) => t(`orders.steps.${step}.${key}`, { number: order.number ?? "", amount });
  async function confirmAndTake() {
    const confirmed = await confirmDestructive({
      title: texts("title"),
      text: texts("text"),
      confirm: texts("confirm"),
      cancel: texts("keep"),
    });
    if (!confirmed) return;
    try {
      await mutation.mutateAsync(order.id);
      notify(texts("done"), "success");
    } catch {
      notify(texts("failed"), "error");
    }
  }
  return (
    <button
      type="button"
      className={styles.cancel}
      disabled={mutation.isPending}
      onClick={() => void confirmAndTake()}
    >
      {texts("button")}
    </button>
  );
}
