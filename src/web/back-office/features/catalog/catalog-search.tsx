import { type FormEvent, useEffect, useRef } from "react";
import type { ProductState } from "#shared/api/back-office-catalog-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { Link, useNavigate } from "#web/lib/routing.tsx";
import listPage from "../../components/list-page.module.css";
import styles from "./catalog.module.css";
import { categoryFilterGroups, categoryLabel } from "./catalog-labels.ts";
import { type CatalogAddress, catalogHref, readCatalogAddress } from "./catalog-url.ts";

const stateOptions: ReadonlyArray<{ value: ProductState | ""; label: string }> = [
  { value: "", label: "Todos" },
  { value: "published", label: "Publicados" },
  { value: "hidden", label: "Ocultos" },
];

/** The known categories' values, to offer an address's other category (an imported label) too. */
const knownFilters = new Set(categoryFilterGroups.flatMap((group) => group.options.map((o) => o.value)));

/**
 * The search and its filters: a GET form, so it works without the script (the server draws the
 * list at the address it goes to); with it, the page moves to that address in the app. One form
 * whose fields follow the address, as the stock's search.
 */
export function CatalogSearch({ address }: { address: CatalogAddress }) {
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === "string" && value !== "") fields.append(name, value);
    }
    const read = readCatalogAddress(fields.toString());
    navigate(read.ok ? catalogHref({ ...read.query, page: 1 }) : `${backOfficePaths.catalog()}?${fields}`);
  };
  const query = address.ok ? address.query : undefined;
  const typed = query?.q ?? "";
  const category = query?.category ?? "";
  const state = query?.state ?? "";
  const field = useRef<HTMLInputElement>(null);
  const categorySelect = useRef<HTMLSelectElement>(null);
  const stateSelect = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (field.current) field.current.value = typed;
    if (categorySelect.current) categorySelect.current.value = category;
    if (stateSelect.current) stateSelect.current.value = state;
  }, [typed, category, state]);
  const filtered = query?.q !== undefined || category !== "" || state !== "";
  return (
    // biome-ignore lint/a11y/useSemanticElements: React 19 did not hydrate a server-drawn <search> (see the customers' search).
    <form
      role="search"
      method="get"
      action={backOfficePaths.catalog()}
      className={listPage.search}
      onSubmit={submit}
    >
      <div className={listPage.field}>
        <label htmlFor="catalog-q">Buscar</label>
        <input
          ref={field}
          id="catalog-q"
          name="q"
          type="search"
          maxLength={100}
          defaultValue={typed}
          aria-describedby="catalog-q-hint"
        />
        <span id="catalog-q-hint" className={listPage.hint}>
          Parte del nombre (en español o en portugués) o el código
        </span>
      </div>
      <div className={styles.filter}>
        <label htmlFor="catalog-category">Categoría</label>
        <select ref={categorySelect} id="catalog-category" name="category" defaultValue={category}>
          <option value="">Todas</option>
          {category !== "" && !knownFilters.has(category) && (
            <option value={category}>{categoryLabel(category)}</option>
          )}
          {categoryFilterGroups.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className={styles.filter}>
        <label htmlFor="catalog-state">Estado</label>
        <select ref={stateSelect} id="catalog-state" name="state" defaultValue={state}>
          {stateOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className={listPage.actions}>
        <button type="submit" className={listPage.primary}>
          Buscar
        </button>
        {filtered && (
          <Link to={backOfficePaths.catalog()} className={listPage.reset}>
            Ver todos
          </Link>
        )}
      </div>
    </form>
  );
}
