import { type FooterSlug, infoPageSlugs, paths } from "#shared/paths.ts";
import { infoPageQuery } from "#web/features/info-pages/api/get-info-page.ts";
import { InfoPageView } from "#web/features/info-pages/components/info-page-view.tsx";
import { Navigate, useParams } from "#web/lib/routing.tsx";
import { ok, type PageModule } from "../page-module.ts";

function parseSlug(value: string | undefined): FooterSlug | undefined {
  return infoPageSlugs.find((slug) => slug === value);
}

export const prefetch: PageModule["prefetch"] = async ({ queryClient, lang, params }) => {
  const slug = parseSlug(params.slug);
  // An unknown /footer/… address is an unknown path: spec §2 sends it to /.
  if (!slug) return { redirect: "/" };
  await queryClient.ensureQueryData(infoPageQuery(slug, lang));
  return ok;
};

export function Component() {
  const slug = parseSlug(useParams().slug);
  return slug ? <InfoPageView slug={slug} path={paths.footer(slug)} /> : <Navigate to="/" replace />;
}
