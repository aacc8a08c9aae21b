import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { NotFoundState } from "#web/ui/not-found-state.tsx";

/** Registration arrives with the accounts issue (#3); until then the page says so plainly. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <title>{t("account.registerTitle")}</title>
      <meta name="robots" content="noindex" />
      <NotFoundState
        title={t("account.registerTitle")}
        message={t("account.comingSoon")}
        backTo={paths.home()}
        backLabel={t("notFound.backHome")}
      />
    </>
  );
}
