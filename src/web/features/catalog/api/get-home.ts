import { queryOptions } from "@tanstack/react-query";
import type { HomeContent } from "#shared/api/catalog-contract.ts";
import type { Lang } from "#shared/lang.ts";
import { apiQuery } from "#web/lib/api-client.ts";

export const homeQuery = (lang: Lang) =>
  queryOptions({
    queryKey: ["home", lang],
    queryFn: apiQuery<HomeContent>(`/api/home?lang=${lang}`),
  });
