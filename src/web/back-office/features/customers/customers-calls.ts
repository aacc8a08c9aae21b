import { queryOptions } from "@tanstack/react-query";
import { type CustomerList, customerListSchema } from "#shared/api/back-office-customer-contract.ts";
import { type Fetcher, fetcherOf } from "#web/lib/query-client.ts";
import { staffApiError } from "../../api/staff-api-error.ts";
import { customersSearch, readCustomersAddress } from "./customers-url.ts";

/** The list at an address: a page of customers, or a query the API refuses (a hand-edited address). */
export type CustomersAnswer = { kind: "list"; list: CustomerList } | { kind: "invalid" };

const CUSTOMERS_API = "/api/gestion/customers";

/** The customers at the page's address (`search`, its `?…`), as the API answers them. */
export const customersQuery = (search: string) => {
  const address = readCustomersAddress(search);
  const canonical = address.ok ? customersSearch(address.query) : search;
  return queryOptions({
    queryKey: ["gestion", "customers", address.ok ? canonical : `invalid:${search}`],
    queryFn: async ({ client }): Promise<CustomersAnswer> =>
      address.ok ? fetchCustomers(fetcherOf(client), canonical) : { kind: "invalid" },
    staleTime: 10_000,
  });
};

async function fetchCustomers(fetcher: Fetcher, search: string): Promise<CustomersAnswer> {
  const response = await fetcher(`${CUSTOMERS_API}${search}`, { headers: { accept: "application/json" } });
  const answer: unknown = await response.json().catch(() => null);
  if (response.status === 400) return { kind: "invalid" };
  if (!response.ok) throw staffApiError(response, answer);
  return { kind: "list", list: customerListSchema.parse(answer) };
}
