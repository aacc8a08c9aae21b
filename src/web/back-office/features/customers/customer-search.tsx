import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { ListSearch } from "../../components/list-search.tsx";
import { type CustomersAddress, customersHref, readCustomersAddress } from "./customers-url.ts";

/** The customers' search, from the start of a field; a page size other than 25 kept (components/list-search.tsx). */
export function CustomerSearch({ address }: { address: CustomersAddress }) {
  const query = address.ok ? address.query : undefined;
  return (
    <ListSearch
      path={backOfficePaths.customers()}
      idPrefix="customers"
      typed={query?.q ?? ""}
      hint="Correo, nombre, apellidos o teléfono (desde el principio)"
      hidden={query && query.pageSize !== 25 ? { pageSize: String(query.pageSize) } : undefined}
      filtered={query?.q !== undefined}
      read={readCustomersAddress}
      href={customersHref}
    />
  );
}
