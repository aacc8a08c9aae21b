import { isRouteErrorResponse, useRouteError } from "react-router";
import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { NotFoundState } from "#web/ui/not-found-state.tsx";
import type { NotFoundKind } from "../not-found.ts";

/** A 404 from a loader is a friendly dead end; anything else says so without crashing. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const kind = notFoundKind(error);
  const title = t(kind ? `notFound.${kind}Title` : "error.title");
  return (
    <>
      <title>{title}</title>
      <meta name="robots" content="noindex" />
      <NotFoundState
        title={title}
        message={t(kind ? `notFound.${kind}Message` : "error.message")}
        backTo={paths.home()}
        backLabel={t("notFound.backHome")}
      />
    </>
  );
}

function notFoundKind(error: unknown): NotFoundKind | undefined {
  if (!isRouteErrorResponse(error) || error.status !== 404) return undefined;
  const kind: unknown = (error.data as { kind?: unknown } | null)?.kind;
  return kind === "product" || kind === "category" ? kind : "page";
}
