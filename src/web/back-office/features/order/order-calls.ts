import { queryOptions } from "@tanstack/react-query";
import {
  type BackOfficeOrder,
  backOfficeOrderApi,
  backOfficeOrderSchema,
  type OrderAction,
  orderActionAnswerSchema,
  orderNumberSchema,
} from "#shared/api/back-office-order-contract.ts";
import { type Fetcher, fetcherOf } from "#web/lib/query-client.ts";
import { staffApiError } from "../../api/staff-api-error.ts";
import { browserFetch, call } from "../../api/staff-calls.ts";

/** The order at the page's address, or none with that number (a 404 page). */
export type OrderAnswer = { kind: "order"; order: BackOfficeOrder } | { kind: "not-found" };

export const orderKey = (number: string) => ["gestion", "order", number] as const;

/** One order as `GET /api/gestion/orders/:number` answers it, checked by the shared schema. */
export const orderQuery = (number: string) =>
  queryOptions({
    queryKey: orderKey(number),
    queryFn: ({ client }) => fetchOrder(fetcherOf(client), number),
    staleTime: 5_000,
  });

async function fetchOrder(fetcher: Fetcher, number: string): Promise<OrderAnswer> {
  // A malformed number is no order: the page answers 404, never asks the API.
  if (!orderNumberSchema.safeParse(number).success) return { kind: "not-found" };
  const response = await fetcher(backOfficeOrderApi.order(number), {
    headers: { accept: "application/json" },
  });
  const answer: unknown = await response.json().catch(() => null);
  if (response.status === 404) return { kind: "not-found" };
  if (!response.ok) throw staffApiError(response, answer);
  return { kind: "order", order: backOfficeOrderSchema.parse(answer) };
}

/** An action by name, or the receipt of one of the buyer's return requests (decision 059). */
export type ActionTarget = OrderAction | { receiveReturn: string };

/** Runs an action on the order: the order as it is after it, or the API's refusal (thrown). */
export async function runOrderAction(
  number: string,
  action: ActionTarget,
  payload: unknown,
): Promise<BackOfficeOrder> {
  const path =
    typeof action === "string"
      ? backOfficeOrderApi.action(number, action === "note" ? "notes" : action)
      : backOfficeOrderApi.receiveReturn(number, action.receiveReturn);
  return orderActionAnswerSchema.parse(await call(browserFetch, path, payload)).order;
}
