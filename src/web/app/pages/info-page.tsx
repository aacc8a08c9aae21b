import { type LoaderFunctionArgs, redirect, useParams } from "react-router";
import { infoPageSlugs } from "#shared/paths.ts";
import { infoPageQuery } from "#web/features/info-pages/api/get-info-page.ts";
import { InfoPageView } from "#web/features/info-pages/components/info-page-view.tsx";
import type { RouteContext } from "../route-context.ts";

type FooterSlug = (typeof infoPageSlugs)[number];

function parseSlug(value: string | undefined): FooterSlug | undefined {
  return infoPageSlugs.find((slug) => slug === value);
}

export const createLoader =
  ({ queryClient, getLang }: RouteContext) =>
  async ({ params }: LoaderFunctionArgs) => {
    const slug = parseSlug(params.slug);
    // An unknown /footer/… address is an unknown path: spec §2 sends it to /.
    if (!slug) return redirect("/");
    await queryClient.ensureQueryData(infoPageQuery(slug, getLang()));
    return null;
  };

export function Component() {
  const slug = parseSlug(useParams().slug) ?? "envios";
  return <InfoPageView slug={slug} path={`/footer/${slug}`} />;
}
