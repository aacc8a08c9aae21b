import { socialProvidersQuery } from "#web/features/account/api/social-calls.ts";
import { AccountOverview } from "#web/features/account/components/account-overview.tsx";
import { ForgotPasswordForm } from "#web/features/account/components/forgot-password-form.tsx";
import { LoginForm } from "#web/features/account/components/login-form.tsx";
import { ResetPasswordForm } from "#web/features/account/components/reset-password-form.tsx";
import { SocialSignIn } from "#web/features/account/components/social-sign-in.tsx";
import { SocialWelcome } from "#web/features/account/components/social-welcome-form.tsx";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useSearchParams } from "#web/lib/routing.tsx";
import { useSession } from "#web/lib/session/session.tsx";
import { ok, type PageModule } from "../page-module.ts";

/** Which providers «Continuar con …» offers (decision 033). */
export const prefetch: PageModule["prefetch"] = async ({ queryClient }) => {
  await queryClient.ensureQueryData(socialProvidersQuery);
  return ok;
};

/**
 * Signed in: the account page (spec §2, /login). Signed out: the sign-in form, or, from its
 * "forgot your password?" link, the reset request (?recuperar) and the mailed link's page
 * (?restablecer={token}); where a social sign-in lands (?bienvenida), the welcome step of a first
 * one (decision 033).
 */
export function Component() {
  const { t } = useTranslation();
  const signedIn = useSession((state) => state.acceso);
  const [params] = useSearchParams();
  const token = params.get("restablecer");
  const signInForms = (
    <>
      <LoginForm />
      <SocialSignIn />
    </>
  );
  const page = signedIn ? (
    <AccountOverview />
  ) : token ? (
    <ResetPasswordForm token={token} />
  ) : params.has("recuperar") ? (
    <ForgotPasswordForm />
  ) : params.has("bienvenida") ? (
    <SocialWelcome otherwise={signInForms} />
  ) : (
    signInForms
  );
  return (
    <>
      <title>{t(signedIn ? "account.accountTitle" : "account.loginTitle")}</title>
      <meta name="robots" content="noindex" />
      {page}
    </>
  );
}
