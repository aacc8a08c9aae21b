import { categoryPageQuery } from "#web/features/catalog/api/get-category-page.ts";
import { CategoryView } from "#web/features/catalog/components/category-view.tsx";
import { readListParams } from "#web/features/catalog/list-params.ts";
import { notFound, ok, type PageModule } from "../page-module.ts";

export const prefetch: PageModule["prefetch"] = async ({ queryClient, lang, params, searchParams }) => {
  const { sort, page } = readListParams(searchParams);
  const query = categoryPageQuery({ name: params.categoria ?? "", sort, page, lang });
  return (await queryClient.ensureQueryData(query)) ? ok : notFound;
};

export const Component = CategoryView;
