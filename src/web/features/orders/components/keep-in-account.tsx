import { paths } from "#shared/paths.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link, useNavigate } from "#web/lib/routing.tsx";
import { useSession } from "#web/lib/session/session.tsx";
import { notify } from "#web/ui/toast-queue.ts";
import { useKeepInAccount } from "../api/order-link-calls.ts";
import styles from "./orders.module.css";

/**
 * On a guest's order link (decision 032): signed in to an account, in this browser or any other,
 * the shopper keeps the order there; signed out, they are told how.
 */
export function KeepInAccount({ orderId, token }: { orderId: string; token: string }) {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const keep = useKeepInAccount(orderId, token);
  const navigate = useNavigate();
  if (!user || user.guest) {
    return (
      <p>
        {t("orders.link.keepSignedOut")} <Link to={paths.login()}>{t("orders.link.keepSignIn")}</Link>
      </p>
    );
  }
  const keepIt = async () => {
    try {
      await keep.mutateAsync();
      notify(t("orders.link.kept", { email: user.email }), "success");
      void navigate(paths.purchase(orderId));
    } catch (error) {
      notify(t(keepFailure(error)), "error");
    }
  };
  return (
    <>
      <p>{t("orders.link.keepText", { email: user.email })}</p>
      <button type="button" className={styles.keep} disabled={keep.isPending} onClick={() => void keepIt()}>
        {t("orders.link.keepButton")}
      </button>
    </>
  );
}

/** Why the order was not kept, as a text: its coupon's per-shopper rules (issue 28), or a retry. */
function keepFailure(error: unknown) {
  if (error instanceof ApiError && error.code === "coupon-already-used") return "orders.link.keepCouponUsed";
  if (error instanceof ApiError && error.code === "coupon-first-order-only") {
    return "orders.link.keepCouponFirstOrder";
  }
  return "orders.link.keepFailed";
}
