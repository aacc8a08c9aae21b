import { type LoaderFunctionArgs, redirect } from "react-router";
import { searchQuery } from "#web/features/catalog/api/search-products.ts";
import { SearchView } from "#web/features/catalog/components/search-view.tsx";
import { readListParams } from "#web/features/catalog/list-params.ts";
import type { RouteContext } from "../route-context.ts";

export const createLoader =
  ({ queryClient, getLang }: RouteContext) =>
  async ({ params, request }: LoaderFunctionArgs) => {
    const text = (params.producto ?? "").trim();
    if (text === "") return redirect("/");
    const { page } = readListParams(new URL(request.url).searchParams);
    await queryClient.ensureQueryData(searchQuery(text.slice(0, 100), page, getLang()));
    return null;
  };

export const Component = SearchView;
