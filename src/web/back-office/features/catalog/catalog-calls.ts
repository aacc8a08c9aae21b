import { queryOptions } from "@tanstack/react-query";
import { type CatalogList, catalogListSchema } from "#shared/api/back-office-catalog-contract.ts";
import { type Fetcher, fetcherOf } from "#web/lib/query-client.ts";
import { staffApiError } from "../../api/staff-api-error.ts";
import { catalogSearch, readCatalogAddress } from "./catalog-url.ts";

/** The back office's catalogue API (`server/back-office/catalog.routes.ts`). */
export const CATALOG_API = "/api/gestion/catalog/products";

/** The list at an address: a page of products, or a query the API refuses (a hand-edited address). */
export type CatalogAnswer = { kind: "list"; list: CatalogList } | { kind: "invalid" };

/** Every catalogue query starts with this key: a change to a product makes them all stale. */
export const catalogKey = ["gestion", "catalog"] as const;

/** The products at the page's address (`search`, its `?…`), as the API answers them. */
export const catalogListQuery = (search: string) => {
  const address = readCatalogAddress(search);
  const canonical = address.ok ? catalogSearch(address.query) : search;
  return queryOptions({
    queryKey: [...catalogKey, "list", address.ok ? canonical : `invalid:${search}`],
    queryFn: async ({ client }): Promise<CatalogAnswer> =>
      address.ok ? fetchCatalog(fetcherOf(client), canonical) : { kind: "invalid" },
    staleTime: 10_000,
  });
};

async function fetchCatalog(fetcher: Fetcher, search: string): Promise<CatalogAnswer> {
  const response = await fetcher(`${CATALOG_API}${search}`, { headers: { accept: "application/json" } });
  const answer: unknown = await response.json().catch(() => null);
  if (response.status === 400) return { kind: "invalid" };
  if (!response.ok) throw staffApiError(response, answer);
  return { kind: "list", list: catalogListSchema.parse(answer) };
}
