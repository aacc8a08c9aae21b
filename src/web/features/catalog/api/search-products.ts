import { queryOptions } from "@tanstack/react-query";
import type { Lang } from "#shared/lang.ts";
import { apiQuery } from "#web/lib/api-client.ts";

export const searchQuery = (text: string, page: number, lang: Lang) =>
  queryOptions({
    queryKey: ["search", text, page, lang],
    queryFn: apiQuery((api) => api.search.$get({ query: { q: text, page: String(page), lang } })),
  });
