import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useCurrentUrl } from "#web/lib/routing.tsx";
import { useSite } from "#web/lib/site.tsx";
import { useHydrated } from "#web/lib/use-hydrated.ts";
import styles from "./root-layout.module.css";

/**
 * PUBLIC_URL fixes the shop's address, and this page was opened at another one (a LAN address, a
 * second host name): signing in and writing are refused there, so say so at once, with a link to
 * the same page at the right address (decision 013). Only the browser knows the address it used.
 */
export function WrongAddressNotice() {
  const { t } = useTranslation();
  const { origin, originFixed } = useSite();
  const { pathname, search } = useCurrentUrl();
  const hydrated = useHydrated();
  if (!originFixed || !hydrated || window.location.origin === origin) return null;
  return (
    <p className={styles.wrongAddress} role="status">
      {t("common.wrongOrigin", { origin })} <a href={`${origin}${pathname}${search}`}>{origin}</a>
    </p>
  );
}
