import { type ReactNode, useEffect } from "react";
import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useNavigate } from "#web/lib/routing.tsx";
import { useSession } from "#web/lib/session/session.tsx";
import { Spinner } from "#web/ui/spinner.tsx";
import { notify } from "#web/ui/toast-queue.ts";

/** Spec §2: signed-in shoppers see the page; everyone else goes to / with an invitation. */
export function Guard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const signedIn = useSession((state) => state.acceso);
  const navigate = useNavigate();
  useEffect(() => {
    if (signedIn) return;
    notify(t("guard.signInRequired"));
    navigate(paths.home(), { replace: true });
  }, [signedIn, navigate, t]);
  return signedIn ? children : <Spinner fullPage label={t("common.loading")} />;
}
