import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { NotFoundState } from "#web/ui/not-found-state.tsx";

/** What a page shows when it fails to render: an apology and a way back. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <>
      <title>{t("error.title")}</title>
      <NotFoundState
        title={t("error.title")}
        message={t("error.message")}
        backTo={paths.home()}
        backLabel={t("notFound.backHome")}
      />
    </>
  );
}
