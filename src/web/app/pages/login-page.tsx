import { SOCIAL_WELCOME_PARAM } from "#shared/api/social-sign-in-contract.ts";
import { pendingSignUpQuery, socialProvidersQuery } from "#web/features/account/api/social-calls.ts";
import { AccountOverview } from "#web/features/account/components/account-overview.tsx";
import { EmailLinkForm } from "#web/features/account/components/email-link-form.tsx";
import { EmailLinkSignIn } from "#web/features/account/components/email-link-sign-in.tsx";
import { ForgotPasswordForm } from "#web/features/account/components/forgot-password-form.tsx";
import { LoginForm } from "#web/features/account/components/login-form.tsx";
import { ResetPasswordForm } from "#web/features/account/components/reset-password-form.tsx";
import { SocialSignIn } from "#web/features/account/components/social-sign-in.tsx";
import { SocialWelcome } from "#web/features/account/components/social-welcome-form.tsx";
import { PasskeySignIn } from "#web/features/passkeys/components/passkey-sign-in.tsx";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useSearchParams } from "#web/lib/routing.tsx";
import { useSession } from "#web/lib/session/session.tsx";
import { ok, type PageModule } from "../page-module.ts";

/**
 * Which providers «Continuar con …» offers; where a social sign-in lands, whether a first one's
 * account waits for its welcome step, which is then drawn with its names (decision 033).
 */
export const prefetch: PageModule["prefetch"] = async ({ queryClient, searchParams }) => {
  await Promise.all([
    queryClient.ensureQueryData(socialProvidersQuery),
    searchParams.has(SOCIAL_WELCOME_PARAM) ? queryClient.prefetchQuery(pendingSignUpQuery) : undefined,
  ]);
  return ok;
};

/**
 * Signed in: the account page (spec §2, /login). Signed out: the sign-in form, or, from its
 * "forgot your password?" link, the reset request (?recuperar) and the mailed link's page
 * (?restablecer={token}); from «Entrar con un enlace», the link request (?pedir-enlace, where a
 * link that failed lands with its `error`) and the mailed sign-in link's page (?enlace={token});
 * where a social sign-in lands (?bienvenida), the welcome step of a first one (decision 033).
 */
export function Component() {
  const { t } = useTranslation();
  const signedIn = useSession((state) => state.acceso);
  const [params] = useSearchParams();
  const token = params.get("restablecer");
  const linkToken = params.get("enlace");
  // The passkey button is drawn by the script, so it comes last: above the social links it
  // pushed «Continuar con Google» down as the page woke, and a tap meant for it hit the passkey.
  const signInForms = (
    <>
      <LoginForm />
      <SocialSignIn />
      <PasskeySignIn />
    </>
  );
  const page = signedIn ? (
    <AccountOverview />
  ) : token ? (
    <ResetPasswordForm token={token} />
  ) : params.has("recuperar") ? (
    <ForgotPasswordForm />
  ) : params.has(SOCIAL_WELCOME_PARAM) ? (
    <SocialWelcome otherwise={signInForms} />
  ) : linkToken ? (
    <EmailLinkSignIn token={linkToken} />
  ) : params.has("pedir-enlace") ? (
    <EmailLinkForm linkError={params.get("error")} />
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
