import { type FormEvent, useEffect, useRef } from "react";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { Link, useNavigate } from "#web/lib/routing.tsx";
import styles from "../../components/list-page.module.css";
import { type CustomersAddress, customersHref, readCustomersAddress } from "./customers-url.ts";

/**
 * The search: a GET form, so it works without the script (the server draws the list at the
 * address it goes to); with it, the page moves to that address in the app. The field follows the
 * address (back and forward refill it). Not keyed by the address: a new form for each address
 * left the server's form beside it when the search was sent before the page was hydrated (seen in
 * e2e), so the one form stays and its field is set.
 */
export function CustomerSearch({ address }: { address: CustomersAddress }) {
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === "string" && value !== "") fields.append(name, value);
    }
    const read = readCustomersAddress(fields.toString());
    navigate(
      read.ok ? customersHref({ ...read.query, page: 1 }) : `${backOfficePaths.customers()}?${fields}`,
    );
  };
  const query = address.ok ? address.query : undefined;
  const field = useRef<HTMLInputElement>(null);
  const typed = query?.q ?? "";
  useEffect(() => {
    if (field.current) field.current.value = typed;
  }, [typed]);
  return (
    // biome-ignore lint/a11y/useSemanticElements: React 19 did not hydrate a server-drawn <search>: it stayed beside the client's new form (seen in e2e).
    <form
      role="search"
      method="get"
      action={backOfficePaths.customers()}
      className={styles.search}
      onSubmit={submit}
    >
      <div className={styles.field}>
        <label htmlFor="customers-q">Buscar</label>
        <input
          ref={field}
          id="customers-q"
          name="q"
          type="search"
          maxLength={100}
          defaultValue={query?.q ?? ""}
          aria-describedby="customers-q-hint"
        />
        <span id="customers-q-hint" className={styles.hint}>
          Correo, nombre, apellidos o teléfono (desde el principio)
        </span>
      </div>
      {query && query.pageSize !== 25 && <input type="hidden" name="pageSize" value={query.pageSize} />}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary}>
          Buscar
        </button>
        {query?.q !== undefined && (
          <Link to={backOfficePaths.customers()} className={styles.reset}>
            Ver todos
          </Link>
        )}
      </div>
    </form>
  );
}
