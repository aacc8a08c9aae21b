import { homeQuery } from "#web/features/catalog/api/get-home.ts";
import { HomeView } from "#web/features/catalog/components/home-view.tsx";
import { ok, type PageModule } from "../page-module.ts";

export const prefetch: PageModule["prefetch"] = async ({ queryClient, lang }) => {
  await queryClient.ensureQueryData(homeQuery(lang));
  return ok;
};

export const Component = HomeView;
