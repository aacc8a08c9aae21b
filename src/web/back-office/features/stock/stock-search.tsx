import { type FormEvent, useEffect, useRef } from "react";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { Link, useNavigate } from "#web/lib/routing.tsx";
import listPage from "../../components/list-page.module.css";
import styles from "./stock.module.css";
import { readStockAddress, type StockAddress, stockHref } from "./stock-url.ts";

/**
 * The search: a GET form, so it works without the script (the server draws the list at the
 * address it goes to); with it, the page moves to that address in the app. One form whose fields
 * follow the address, as the customers' search (a new form per address left the server's beside it).
 */
export function StockSearch({ address }: { address: StockAddress }) {
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === "string" && value !== "") fields.append(name, value);
    }
    const read = readStockAddress(fields.toString());
    navigate(read.ok ? stockHref({ ...read.query, page: 1 }) : `${backOfficePaths.stock()}?${fields}`);
  };
  const query = address.ok ? address.query : undefined;
  const field = useRef<HTMLInputElement>(null);
  const lowBox = useRef<HTMLInputElement>(null);
  const typed = query?.q ?? "";
  const low = query?.low ?? false;
  useEffect(() => {
    if (field.current) field.current.value = typed;
    if (lowBox.current) lowBox.current.checked = low;
  }, [typed, low]);
  return (
    // biome-ignore lint/a11y/useSemanticElements: React 19 did not hydrate a server-drawn <search> (see the customers' search).
    <form
      role="search"
      method="get"
      action={backOfficePaths.stock()}
      className={listPage.search}
      onSubmit={submit}
    >
      <div className={listPage.field}>
        <label htmlFor="stock-q">Buscar</label>
        <input
          ref={field}
          id="stock-q"
          name="q"
          type="search"
          maxLength={100}
          defaultValue={typed}
          aria-describedby="stock-q-hint"
        />
        <span id="stock-q-hint" className={listPage.hint}>
          Parte del nombre o la referencia
        </span>
      </div>
      <label className={styles.check}>
        <input ref={lowBox} type="checkbox" name="low" value="1" defaultChecked={low} />
        Solo con poco stock
      </label>
      <div className={listPage.actions}>
        <button type="submit" className={listPage.primary}>
          Buscar
        </button>
        {(query?.q !== undefined || low) && (
          <Link to={backOfficePaths.stock()} className={listPage.reset}>
            Ver todos
          </Link>
        )}
      </div>
    </form>
  );
}
