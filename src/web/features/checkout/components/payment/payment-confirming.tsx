import { useEffect } from "react";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Spinner } from "#web/ui/spinner.tsx";
import { useRefreshOrder } from "../../api/payment-calls.ts";
import styles from "../checkout.module.css";

/** How long to wait before asking again: a little longer each time, never more than 15 seconds. */
const delayOf = (attempt: number) => Math.min(2_000 * (attempt + 1), 15_000);

/**
 * The provider has the payment and the shop waits to hear it went through. The live stream
 * refetches the order when it does; asking now and then too covers a tab without the stream.
 */
export function PaymentConfirming({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const refresh = useRefreshOrder(orderId);
  useEffect(() => {
    let attempt = 0;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      if (stopped) return;
      timer = setTimeout(() => void refresh().finally(ask), delayOf(attempt));
      attempt += 1;
    };
    ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [refresh]);
  return (
    <div className={styles.confirming}>
      <Spinner label={t("checkout.pay.confirming")} />
      <p className={styles.hint}>{t("checkout.pay.confirmingHint")}</p>
    </div>
  );
}
