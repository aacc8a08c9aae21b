import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { NotFoundState } from "#web/ui/not-found-state.tsx";

/**
 * A guarded section whose page is not built yet (cart, wish list and addresses arrive with
 * issue 3, orders and checkout with issue 4): say so rather than show an empty page.
 */
export function SectionComingSoon() {
  const { t } = useTranslation();
  return (
    <>
      <title>{t("account.accountTitle")}</title>
      <meta name="robots" content="noindex" />
      <NotFoundState
        title={t("account.comingSoonTitle")}
        message={t("account.comingSoonText")}
        backTo={paths.login()}
        backLabel={t("account.backToAccount")}
      />
    </>
  );
}
