import { paths } from "#shared/paths.ts";
import { infoPageQuery } from "#web/features/info-pages/api/get-info-page.ts";
import { InfoPageView } from "#web/features/info-pages/components/info-page-view.tsx";
import type { RouteContext } from "../route-context.ts";

export const createLoader =
  ({ queryClient, getLang }: RouteContext) =>
  async () => {
    await queryClient.ensureQueryData(infoPageQuery("derechos", getLang()));
    return null;
  };

export function Component() {
  return <InfoPageView slug="derechos" path={paths.rights()} />;
}
