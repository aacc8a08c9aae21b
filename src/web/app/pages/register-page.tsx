import { paths } from "#shared/paths.ts";
import { RegisterForm } from "#web/features/account/components/register-form.tsx";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Navigate } from "#web/lib/routing.tsx";
import { useSession } from "#web/lib/session/session.tsx";

export function Component() {
  const { t } = useTranslation();
  const signedIn = useSession((state) => state.acceso);
  if (signedIn) return <Navigate to={paths.login()} replace />;
  return (
    <>
      <title>{t("account.registerTitle")}</title>
      <meta name="robots" content="noindex" />
      <RegisterForm />
    </>
  );
}
