import { queryOptions } from "@tanstack/react-query";
import type { Lang } from "#shared/lang.ts";
import { apiQueryOrNull } from "#web/lib/api-client.ts";

/** Resolves to null for an id no product has. */
export const productQuery = (id: number, lang: Lang) =>
  queryOptions({
    queryKey: ["product", id, lang],
    queryFn: apiQueryOrNull((api) =>
      api.products[":id"].$get({ param: { id: String(id) }, query: { lang } }),
    ),
  });
