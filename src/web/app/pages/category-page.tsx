import type { LoaderFunctionArgs } from "react-router";
import { categoryPageQuery } from "#web/features/catalog/api/get-category-page.ts";
import { CategoryView } from "#web/features/catalog/components/category-view.tsx";
import { readListParams } from "#web/features/catalog/list-params.ts";
import { notFound } from "../not-found.ts";
import type { RouteContext } from "../route-context.ts";

export const createLoader =
  ({ queryClient, getLang }: RouteContext) =>
  async ({ params, request }: LoaderFunctionArgs) => {
    const { sort, page } = readListParams(new URL(request.url).searchParams);
    const query = categoryPageQuery({ name: params.categoria ?? "", sort, page, lang: getLang() });
    if (!(await queryClient.ensureQueryData(query))) notFound("category");
    return null;
  };

export const Component = CategoryView;
