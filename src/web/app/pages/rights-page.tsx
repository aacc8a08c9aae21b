import { paths } from "#shared/paths.ts";
import { infoPageQuery } from "#web/features/info-pages/api/get-info-page.ts";
import { InfoPageView } from "#web/features/info-pages/components/info-page-view.tsx";
import { ok, type PageModule } from "../page-module.ts";

export const prefetch: PageModule["prefetch"] = async ({ queryClient, lang }) => {
  await queryClient.ensureQueryData(infoPageQuery("derechos", lang));
  return ok;
};

export function Component() {
  return <InfoPageView slug="derechos" path={paths.rights()} />;
}
