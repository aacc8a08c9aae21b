import { AccountOverview } from "#web/features/account/components/account-overview.tsx";
import { LoginForm } from "#web/features/account/components/login-form.tsx";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useSession } from "#web/lib/session/session.tsx";

/** Signed out: the sign-in form. Signed in: the account page (spec §2, /login). */
export function Component() {
  const { t } = useTranslation();
  const signedIn = useSession((state) => state.acceso);
  return (
    <>
      <title>{t(signedIn ? "account.accountTitle" : "account.loginTitle")}</title>
      <meta name="robots" content="noindex" />
      {signedIn ? <AccountOverview /> : <LoginForm />}
    </>
  );
}
