import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { NotFoundState } from "./not-found-state.tsx";

export type NotFoundKind = "product" | "category" | "page";

/** The 404 state of a page whose product or category does not exist (the server answers 404). */
export function NotFoundPage({ kind }: { kind: NotFoundKind }) {
  const { t } = useTranslation();
  const title = t(`notFound.${kind}Title`);
  return (
    <>
      <title>{title}</title>
      <meta name="robots" content="noindex" />
      <NotFoundState
        title={title}
        message={t(`notFound.${kind}Message`)}
        backTo={paths.home()}
        backLabel={t("notFound.backHome")}
      />
    </>
  );
}
