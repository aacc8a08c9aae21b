import type { ProductState } from "#shared/api/back-office-catalog-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { type ListFilter, type ListOption, ListSearch } from "../../components/list-search.tsx";
import { categoryFilterGroups, categoryLabel } from "./catalog-labels.ts";
import { type CatalogAddress, catalogHref, readCatalogAddress } from "./catalog-url.ts";

const stateOptions: ReadonlyArray<ListOption & { value: ProductState | "" }> = [
  { value: "", label: "Todos" },
  { value: "published", label: "Publicados" },
  { value: "hidden", label: "Ocultos" },
];

/** The known categories' values, to offer an address's other category (an imported label) too. */
const knownFilters = new Set(categoryFilterGroups.flatMap((group) => group.options.map((o) => o.value)));

function categoryFilter(category: string): ListFilter {
  const other = category !== "" && !knownFilters.has(category);
  return {
    kind: "select",
    name: "category",
    label: "Categoría",
    value: category,
    narrow: true,
    options: [
      { value: "", label: "Todas" },
      ...(other ? [{ value: category, label: categoryLabel(category) }] : []),
      ...categoryFilterGroups,
    ],
  };
}

/** The catalogue's search: part of a name or the code, a category and published or hidden (components/list-search.tsx). */
export function CatalogSearch({ address }: { address: CatalogAddress }) {
  const query = address.ok ? address.query : undefined;
  const category = query?.category ?? "";
  const state = query?.state ?? "";
  return (
    <ListSearch
      path={backOfficePaths.catalog()}
      idPrefix="catalog"
      typed={query?.q ?? ""}
      hint="Parte del nombre (en español o en portugués) o el código"
      filters={[
        categoryFilter(category),
        { kind: "select", name: "state", label: "Estado", value: state, narrow: true, options: stateOptions },
      ]}
      filtered={query?.q !== undefined || category !== "" || state !== ""}
      read={readCatalogAddress}
      href={catalogHref}
    />
  );
}
