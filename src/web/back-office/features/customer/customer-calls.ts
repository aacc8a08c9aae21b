import { queryOptions } from "@tanstack/react-query";
import {
  type CustomerDetail,
  customerDetailSchema,
  customerErasedSchema,
  type ErasureOutline,
} from "#shared/api/back-office-customer-contract.ts";
import { fetcherOf } from "#web/lib/query-client.ts";
import { staffApiError } from "../../api/staff-api-error.ts";
import { browserFetch, call } from "../../api/staff-calls.ts";

const CUSTOMERS_API = "/api/gestion/customers";

/** A customer's page, or none at that address (an erased account, a wrong id). */
export type CustomerAnswer = { kind: "found"; detail: CustomerDetail } | { kind: "missing" };

export const customerKey = (id: string) => ["gestion", "customer", id] as const;

export const customerQuery = (id: string) =>
  queryOptions({
    queryKey: customerKey(id),
    queryFn: async ({ client }): Promise<CustomerAnswer> => {
      const response = await fetcherOf(client)(`${CUSTOMERS_API}/${encodeURIComponent(id)}`, {
        headers: { accept: "application/json" },
      });
      const answer: unknown = await response.json().catch(() => null);
      if (response.status === 404 || response.status === 400) return { kind: "missing" };
      if (!response.ok) throw staffApiError(response, answer);
      return { kind: "found", detail: customerDetailSchema.parse(answer) };
    },
    staleTime: 10_000,
  });

/** The export's address: a plain link, so the browser downloads the JSON it answers. */
export const exportHref = (id: string) => `${CUSTOMERS_API}/${encodeURIComponent(id)}/export`;

/** Erases the account (the owner's; the e-mail typed again): what went and what was kept. */
export async function eraseCustomer(id: string, confirmEmail: string): Promise<ErasureOutline> {
  const answer = await call(browserFetch, `${CUSTOMERS_API}/${encodeURIComponent(id)}/erase`, {
    confirmEmail,
  });
  return customerErasedSchema.parse(answer).outline;
}
