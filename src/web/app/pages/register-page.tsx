import { paths } from "#shared/paths.ts";
import { socialProvidersQuery } from "#web/features/account/api/social-calls.ts";
import { RegisterForm } from "#web/features/account/components/register-form.tsx";
import { SocialSignIn } from "#web/features/account/components/social-sign-in.tsx";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Navigate } from "#web/lib/routing.tsx";
import { useSession } from "#web/lib/session/session.tsx";
import { ok, type PageModule } from "../page-module.ts";

/** Which providers «Continuar con …» offers (decision 033). */
export const prefetch: PageModule["prefetch"] = async ({ queryClient }) => {
  await queryClient.ensureQueryData(socialProvidersQuery);
  return ok;
};

export function Component() {
  const { t } = useTranslation();
  const signedIn = useSession((state) => state.acceso);
  if (signedIn) return <Navigate to={paths.login()} replace />;
  return (
    <>
      <title>{t("account.registerTitle")}</title>
      <meta name="robots" content="noindex" />
      <RegisterForm />
      <SocialSignIn />
    </>
  );
}
