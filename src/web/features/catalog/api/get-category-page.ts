import { queryOptions } from "@tanstack/react-query";
import type { Sort } from "#shared/api/catalog-contract.ts";
import type { Lang } from "#shared/lang.ts";
import { apiQueryOrNull } from "#web/lib/api-client.ts";

export type CategoryPageInput = { name: string; sort: Sort; page: number; lang: Lang };

/** Resolves to null for a category that does not exist. */
export const categoryPageQuery = ({ name, sort, page, lang }: CategoryPageInput) =>
  queryOptions({
    queryKey: ["category", name, { sort, page }, lang],
    queryFn: apiQueryOrNull((api) =>
      api.categories[":name"].$get({
        param: { name: encodeURIComponent(name) },
        query: { lang, sort, page: String(page) },
      }),
    ),
  });
