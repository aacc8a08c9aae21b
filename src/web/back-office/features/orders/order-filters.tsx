import { type FormEvent, useEffect, useRef } from "react";
import { type StaffOrderListQuery, staffOrderPageSizes } from "#shared/api/back-office-contract.ts";
import { orderStatuses } from "#shared/api/order-contract.ts";
import { paymentMethodKinds } from "#shared/api/payment-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { shippingZones } from "#shared/checkout/zones.ts";
import { Link, useNavigate } from "#web/lib/routing.tsx";
import styles from "./orders.module.css";
import { methodLabels, statusLabels, zoneLabels } from "./orders-labels.ts";
import { isFiltered, type ListAddress, listHref, readListAddress } from "./orders-url.ts";

/**
 * The search and the filters: a GET form, so it works without the script (the server draws the
 * list at the address it goes to); with it, the page moves to that address in the app. Its
 * fields start from the address, and are set from it again when it changes (back and forward).
 */
export function OrderFilters({ search, address }: { search: string; address: ListAddress }) {
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  // The fields' defaults follow the address; when it changes, a reset brings the fields to them.
  const shown = useRef(search);
  useEffect(() => {
    if (shown.current === search) return;
    shown.current = search;
    form.current?.reset();
  }, [search]);
  const query = address.ok ? address.query : undefined;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === "string" && value !== "") fields.append(name, value);
    }
    const read = readListAddress(fields.toString());
    navigate(read.ok ? listHref({ ...read.query, page: 1 }) : `${backOfficePaths.orders()}?${fields}`);
  };
  return (
    <search>
      <form
        ref={form}
        method="get"
        action={backOfficePaths.orders()}
        className={styles.filters}
        onSubmit={submit}
      >
        <div className={`${styles.field} ${styles.search}`}>
          <label htmlFor="orders-q">Buscar</label>
          <input
            id="orders-q"
            name="q"
            type="search"
            defaultValue={query?.q ?? ""}
            aria-describedby="orders-q-hint"
          />
          <span id="orders-q-hint" className={styles.hint}>
            Número de pedido, correo, nombre o teléfono (desde el principio)
          </span>
        </div>
        {/* On a phone the filters would push the list off the first screen: folded until used. */}
        <details className={styles.more} open={query !== undefined && hasNarrowing(query)}>
          <summary>Filtros</summary>
          <div className={styles.moreFields}>
            <fieldset className={styles.statuses}>
              <legend>Estado</legend>
              {listedStatuses.map((status) => (
                <label key={status} className={styles.check}>
                  <input
                    type="checkbox"
                    name="status"
                    value={status}
                    defaultChecked={query?.status?.includes(status) ?? false}
                  />
                  {statusLabels[status]}
                </label>
              ))}
            </fieldset>
            <div className={styles.field}>
              <label htmlFor="orders-from">Desde</label>
              <input id="orders-from" name="from" type="date" defaultValue={query?.from ?? ""} />
            </div>
            <div className={styles.field}>
              <label htmlFor="orders-to">Hasta</label>
              <input id="orders-to" name="to" type="date" defaultValue={query?.to ?? ""} />
            </div>
            <Choice
              name="method"
              label="Pago"
              all="Todos"
              value={query?.method}
              options={paymentMethodKinds}
              labels={methodLabels}
            />
            <Choice
              name="zone"
              label="Destino"
              all="Todos"
              value={query?.zone}
              options={shippingZones}
              labels={zoneLabels}
            />
            <div className={styles.field}>
              <label htmlFor="orders-pageSize">Por página</label>
              <select id="orders-pageSize" name="pageSize" defaultValue={String(query?.pageSize ?? 25)}>
                {staffOrderPageSizes.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </details>
        {/* The order chosen in the table's headings stays with a new search. */}
        <input type="hidden" name="sort" value={query?.sort ?? ""} />
        <input type="hidden" name="dir" value={query?.dir ?? ""} />
        <div className={styles.actions}>
          <button type="submit" className={styles.primary}>
            Buscar
          </button>
          <Link to={backOfficePaths.orders()} className={styles.reset}>
            Quitar filtros
          </Link>
        </div>
      </form>
    </search>
  );
}

/** A numbered order is never awaiting payment nor expired unpaid: those are never listed. */
const listedStatuses = orderStatuses.filter((status) => status !== "pendiente-pago" && status !== "caducado");

/** Anything set among the folded filters (the search box is always in sight). */
const hasNarrowing = (query: StaffOrderListQuery) =>
  isFiltered({ ...query, q: undefined }) || query.pageSize !== 25;

function Choice<Value extends string>(props: {
  name: string;
  label: string;
  all: string;
  value: Value | undefined;
  options: readonly Value[];
  labels: Readonly<Record<Value, string>>;
}) {
  const id = `orders-${props.name}`;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{props.label}</label>
      <select id={id} name={props.name} defaultValue={props.value ?? ""}>
        <option value="">{props.all}</option>
        {props.options.map((option) => (
          <option key={option} value={option}>
            {props.labels[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
