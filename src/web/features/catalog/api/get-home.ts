import { queryOptions } from "@tanstack/react-query";
import type { Lang } from "#shared/lang.ts";
import { apiQuery } from "#web/lib/api-client.ts";

export const homeQuery = (lang: Lang) =>
  queryOptions({
    queryKey: ["home", lang],
    queryFn: apiQuery((api) => api.home.$get({ query: { lang } })),
  });
