import { searchQuery } from "#web/features/catalog/api/search-products.ts";
import { SearchView } from "#web/features/catalog/components/search-view.tsx";
import { readListParams } from "#web/features/catalog/list-params.ts";
import { Navigate, useParams } from "#web/lib/routing.tsx";
import { ok, type PageModule } from "../page-module.ts";

const searchText = (value: string | undefined) => (value ?? "").trim().slice(0, 100);

export const prefetch: PageModule["prefetch"] = async ({ queryClient, lang, params, searchParams }) => {
  const text = searchText(params.producto);
  if (text === "") return { redirect: "/" };
  await queryClient.ensureQueryData(searchQuery(text, readListParams(searchParams).page, lang));
  return ok;
};

export function Component() {
  const text = searchText(useParams().producto);
  // Spec §5: blank search text does nothing; an address with one goes home.
  return text === "" ? <Navigate to="/" replace /> : <SearchView text={text} />;
}
