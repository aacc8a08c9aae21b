import { useCart } from "#web/features/cart/api/cart-calls.ts";
import { useSession } from "#web/lib/session/session.tsx";
import { canShop } from "#web/lib/session/session-store.ts";
import styles from "./header.module.css";

/** Spec §2: the total quantity, shown only above 0 and only to a signed-in shopper (or a guest's). */
export function CartBadge() {
  const signedIn = useSession(canShop);
  const { data } = useCart();
  const count = data?.totalQuantity ?? 0;
  if (!signedIn || count <= 0) return null;
  return (
    <span className={styles.badge} data-testid="cart-badge">
      {count}
    </span>
  );
}
