import { homeQuery } from "#web/features/catalog/api/get-home.ts";
import { HomeView } from "#web/features/catalog/components/home-view.tsx";
import type { RouteContext } from "../route-context.ts";

export const createLoader =
  ({ queryClient, getLang }: RouteContext) =>
  async () => {
    await queryClient.ensureQueryData(homeQuery(getLang()));
    return null;
  };

export const Component = HomeView;
