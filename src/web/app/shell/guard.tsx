import { type ReactNode, useEffect } from "react";
import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useNavigate } from "#web/lib/routing.tsx";
import { useSession } from "#web/lib/session/session.tsx";
import { isGuest } from "#web/lib/session/session-store.ts";
import { Spinner } from "#web/ui/spinner.tsx";
import { notify } from "#web/ui/toast-queue.ts";

/**
 * Spec §2: signed-in shoppers see the page; everyone else goes to / with an invitation. The cart
 * and the checkout also let a guest in (`allowGuests`, decision 032).
 */
export function Guard({ children, allowGuests = false }: { children: ReactNode; allowGuests?: boolean }) {
  const { t } = useTranslation();
  const signedIn = useSession((state) => state.acceso || (allowGuests && isGuest(state)));
  const navigate = useNavigate();
  useEffect(() => {
    if (signedIn) return;
    notify(t("guard.signInRequired"));
    navigate(paths.home(), { replace: true });
  }, [signedIn, navigate, t]);
  return signedIn ? children : <Spinner fullPage label={t("common.loading")} />;
}
