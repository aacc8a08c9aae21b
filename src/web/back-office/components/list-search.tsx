import { type FormEvent, useEffect, useRef } from "react";
import { Link, useNavigate } from "#web/lib/routing.tsx";
import styles from "./list-page.module.css";

export type ListOption = { value: string; label: string };
export type ListOptionGroup = { label: string; options: readonly ListOption[] };

/** A filter beside the search field: a select (its options plain or grouped) or a box to tick. */
export type ListFilter =
  | {
      kind: "select";
      name: string;
      label: string;
      value: string;
      options: ReadonlyArray<ListOption | ListOptionGroup>;
      /** As narrow as a filter, not as wide as the search field. */
      narrow?: boolean;
    }
  | { kind: "check"; name: string; label: string; checked: boolean };

/** A list's query read from an address, `ok: false` when the API would refuse it. */
type ReadAddress<Q> = (search: string) => { ok: true; query: Q } | { ok: false };

export type ListSearchProps<Q extends { page: number }> = {
  /** The list's path: the form's action, and where «Ver todos» goes. */
  path: string;
  /** The ids' start: `${idPrefix}-q`, `${idPrefix}-${filter name}`. */
  idPrefix: string;
  /** What is searched now (the address's `q`). */
  typed: string;
  hint: string;
  filters?: readonly ListFilter[];
  /** Kept as the form is sent (a page size that is not the default). */
  hidden?: Readonly<Record<string, string>>;
  /** Whether the address searches or filters: «Ver todos» is offered then. */
  filtered: boolean;
  read: ReadAddress<Q>;
  href: (query: Q) => string;
};

/**
 * A back-office list's search (stock, customers, subscribers, catalogue): a GET form, so it
 * works without the script (the server draws the list at the address it goes to); with it, the
 * page moves to that address in the app, on its first page. Not keyed by the address: a new form
 * for each address left the server's form beside it when the search was sent before the page was
 * hydrated (seen in e2e), so the one form stays and its fields follow the address (back and
 * forward refill them).
 */
export function ListSearch<Q extends { page: number }>(props: ListSearchProps<Q>) {
  const { path, idPrefix, typed, filters = [] } = props;
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === "string" && value !== "") fields.append(name, value);
    }
    const read = props.read(fields.toString());
    navigate(read.ok ? props.href({ ...read.query, page: 1 }) : `${path}?${fields}`);
  };
  // The fields as the address has them, in one string: set again only when one of them changes.
  const shown = describeFields(typed, filters);
  useEffect(() => {
    if (form.current) followAddress(form.current, shown);
  }, [shown]);
  return (
    // biome-ignore lint/a11y/useSemanticElements: React 19 did not hydrate a server-drawn <search>: it stayed beside the client's new form (seen in e2e).
    <form ref={form} role="search" method="get" action={path} className={styles.search} onSubmit={submit}>
      <div className={styles.field}>
        <label htmlFor={`${idPrefix}-q`}>Buscar</label>
        <input
          id={`${idPrefix}-q`}
          name="q"
          type="search"
          maxLength={100}
          defaultValue={typed}
          aria-describedby={`${idPrefix}-q-hint`}
        />
        <span id={`${idPrefix}-q-hint`} className={styles.hint}>
          {props.hint}
        </span>
      </div>
      {filters.map((filter) => (
        <Filter key={filter.name} filter={filter} idPrefix={idPrefix} />
      ))}
      {Object.entries(props.hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary}>
          Buscar
        </button>
        {props.filtered && (
          <Link to={path} className={styles.reset}>
            Ver todos
          </Link>
        )}
      </div>
    </form>
  );
}

const FIELD = "\u0000";
const PART = "\u0001";

/** Each field's name, kind and value, as one string (`followAddress` reads it). */
function describeFields(typed: string, filters: readonly ListFilter[]): string {
  const described = filters.map((filter) =>
    filter.kind === "check"
      ? [filter.name, "check", filter.checked ? "1" : ""].join(PART)
      : [filter.name, "select", filter.value].join(PART),
  );
  return [["q", "text", typed].join(PART), ...described].join(FIELD);
}

/** The form's fields set to what the address says (uncontrolled fields, as the server drew them). */
function followAddress(form: HTMLFormElement, shown: string) {
  for (const described of shown.split(FIELD)) {
    const [name = "", kind, value = ""] = described.split(PART);
    const field = form.elements.namedItem(name);
    if (kind === "check" && field instanceof HTMLInputElement) field.checked = value !== "";
    else if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) field.value = value;
  }
}

function Filter({ filter, idPrefix }: { filter: ListFilter; idPrefix: string }) {
  if (filter.kind === "check") {
    return (
      <label className={styles.check}>
        <input type="checkbox" name={filter.name} value="1" defaultChecked={filter.checked} />
        {filter.label}
      </label>
    );
  }
  const id = `${idPrefix}-${filter.name}`;
  return (
    <div className={filter.narrow ? styles.filter : styles.field}>
      <label htmlFor={id}>{filter.label}</label>
      <select id={id} name={filter.name} defaultValue={filter.value}>
        {filter.options.map((option) =>
          "options" in option ? (
            <optgroup key={option.label} label={option.label}>
              {option.options.map((inner) => (
                <option key={inner.value} value={inner.value}>
                  {inner.label}
                </option>
              ))}
            </optgroup>
          ) : (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ),
        )}
      </select>
    </div>
  );
}
