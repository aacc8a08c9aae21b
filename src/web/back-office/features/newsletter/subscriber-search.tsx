import { type FormEvent, useEffect, useRef } from "react";
import { subscriberStates } from "#shared/api/back-office-newsletter-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { Link, useNavigate } from "#web/lib/routing.tsx";
import listPage from "../../components/list-page.module.css";
import { stateNames } from "./newsletter-labels.ts";
import { readSubscribersAddress, type SubscribersAddress, subscribersHref } from "./newsletter-url.ts";

/**
 * The search: a GET form, so it works without the script (the server draws the list at the
 * address it goes to); with it, the page moves to that address in the app. One form whose fields
 * follow the address, as the customers' search.
 */
export function SubscriberSearch({ address }: { address: SubscribersAddress }) {
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === "string" && value !== "") fields.append(name, value);
    }
    const read = readSubscribersAddress(fields.toString());
    navigate(
      read.ok ? subscribersHref({ ...read.query, page: 1 }) : `${backOfficePaths.newsletter()}?${fields}`,
    );
  };
  const query = address.ok ? address.query : undefined;
  const field = useRef<HTMLInputElement>(null);
  const select = useRef<HTMLSelectElement>(null);
  const typed = query?.q ?? "";
  const state = query?.state ?? "";
  useEffect(() => {
    if (field.current) field.current.value = typed;
    if (select.current) select.current.value = state;
  }, [typed, state]);
  return (
    // biome-ignore lint/a11y/useSemanticElements: React 19 did not hydrate a server-drawn <search> (see the customers' search).
    <form
      role="search"
      method="get"
      action={backOfficePaths.newsletter()}
      className={listPage.search}
      onSubmit={submit}
    >
      <div className={listPage.field}>
        <label htmlFor="subscribers-q">Buscar</label>
        <input
          ref={field}
          id="subscribers-q"
          name="q"
          type="search"
          maxLength={100}
          defaultValue={typed}
          aria-describedby="subscribers-q-hint"
        />
        <span id="subscribers-q-hint" className={listPage.hint}>
          Cualquier parte del correo
        </span>
      </div>
      <div className={listPage.field}>
        <label htmlFor="subscribers-state">Estado</label>
        <select ref={select} id="subscribers-state" name="state" defaultValue={state}>
          <option value="">Todos</option>
          {subscriberStates.map((value) => (
            <option key={value} value={value}>
              {stateNames[value]}
            </option>
          ))}
        </select>
      </div>
      <div className={listPage.actions}>
        <button type="submit" className={listPage.primary}>
          Buscar
        </button>
        {(query?.q !== undefined || query?.state !== undefined) && (
          <Link to={backOfficePaths.newsletter()} className={listPage.reset}>
            Ver todos
          </Link>
        )}
      </div>
    </form>
  );
}
