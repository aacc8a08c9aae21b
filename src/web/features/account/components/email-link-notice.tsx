import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import styles from "#web/ui/form.module.css";

/**
 * On the account page after a sign-in link took away a password set before the address was ever
 * proven (better-auth's rule; decision 031): the shopper hears it once, where they land.
 */
export function EmailLinkNotice() {
  const { t } = useTranslation();
  return (
    <p className={styles.form} role="status">
      {t("account.emailLink.passwordRemoved")}
    </p>
  );
}
