import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import styles from "#web/ui/form.module.css";

/** better-auth's endpoint that uses a sign-in link's token, then sends the browser on to /login. */
const USE_LINK = "/api/auth/magic-link/verify";

/**
 * /login?enlace={token}: the mailed sign-in link's page. Opening it changes nothing (mail scanners
 * open every link, decision 017); its button, a plain GET form that works with or without the
 * script, uses the token once (decision 031).
 */
export function EmailLinkSignIn({ token }: { token: string }) {
  const { t } = useTranslation();
  return (
    <form className={styles.form} method="get" action={USE_LINK}>
      <h1>{t("account.emailLink.openTitle")}</h1>
      <p>{t("account.emailLink.openText")}</p>
      <input type="hidden" name="token" value={token} />
      <button type="submit" className={styles.submit}>
        {t("account.emailLink.open")}
      </button>
    </form>
  );
}
