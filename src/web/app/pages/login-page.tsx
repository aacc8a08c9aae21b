import { AccountOverview } from "#web/features/account/components/account-overview.tsx";
import { ForgotPasswordForm } from "#web/features/account/components/forgot-password-form.tsx";
import { LoginForm } from "#web/features/account/components/login-form.tsx";
import { ResetPasswordForm } from "#web/features/account/components/reset-password-form.tsx";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useSearchParams } from "#web/lib/routing.tsx";
import { useSession } from "#web/lib/session/session.tsx";

/**
 * Signed in: the account page (spec §2, /login). Signed out: the sign-in form, or, from its
 * "forgot your password?" link, the reset request (?recuperar) and the mailed link's page
 * (?restablecer={token}).
 */
export function Component() {
  const { t } = useTranslation();
  const signedIn = useSession((state) => state.acceso);
  const [params] = useSearchParams();
  const token = params.get("restablecer");
  const page = signedIn ? (
    <AccountOverview />
  ) : token ? (
    <ResetPasswordForm token={token} />
  ) : params.has("recuperar") ? (
    <ForgotPasswordForm />
  ) : (
    <LoginForm />
  );
  return (
    <>
      <title>{t(signedIn ? "account.accountTitle" : "account.loginTitle")}</title>
      <meta name="robots" content="noindex" />
      {page}
    </>
  );
}
