import { useSession } from "#web/lib/session/session.tsx";
import styles from "./header.module.css";

/**
 * Spec §2: the total quantity, shown only above 0 and only to a signed-in shopper.
 * The cart itself arrives with the accounts issue; until then nobody is signed in.
 */
export function CartBadge({ count = 0 }: { count?: number }) {
  const signedIn = useSession((state) => state.acceso);
  if (!signedIn || count <= 0) return null;
  return <span className={styles.badge}>{count}</span>;
}
