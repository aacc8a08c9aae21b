import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  ORDER_LINK_PARAM,
  type OrderLinkError,
  type OrderLinkView,
  orderLinkErrors,
} from "#shared/api/order-link-contract.ts";
import { ApiError, answerOf, api, clientOf } from "#web/lib/api-client.ts";
import { useSessionStore } from "#web/lib/session/session.tsx";
import { isGuest } from "#web/lib/session/session-store.ts";
import { useForgetShopper } from "#web/lib/session/use-forget-shopper.ts";

/**
 * What an order mail's signed link shows (decision 032): the order, or why not. A refusal is an
 * answer, not an error, so the server's page and the browser's hydration show the same message.
 */
export type OrderLinkAnswer = { ok: true; view: OrderLinkView } | { ok: false; error: OrderLinkError };

const linkPath = (id: string, token: string, rest = "") =>
  `/api/order-links/${encodeURIComponent(id)}${rest}?${ORDER_LINK_PARAM}=${encodeURIComponent(token)}`;

/** The link's order and key, as its routes take them (the id encoded as in the document's link). */
const linkInput = (id: string, token: string) => ({
  param: { id: encodeURIComponent(id) },
  query: { [ORDER_LINK_PARAM]: token },
});

function refusalOf(error: unknown): OrderLinkError {
  if (!(error instanceof ApiError) || error.status >= 500) throw error;
  return orderLinkErrors.find((code) => code === error.code) ?? "order-link-invalid";
}

export const orderLinkQuery = (id: string, token: string) =>
  queryOptions({
    queryKey: ["order-link", id, token],
    queryFn: async ({ client }): Promise<OrderLinkAnswer> => {
      try {
        return {
          ok: true,
          view: await answerOf(clientOf(client)["order-links"][":id"].$get(linkInput(id, token))),
        };
      } catch (error) {
        return { ok: false, error: refusalOf(error) };
      }
    },
  });

export function useOrderLink(id: string, token: string) {
  return useQuery(orderLinkQuery(id, token));
}

/** An invoice or credit note, by its number, through the same link. */
export const orderLinkDocument = (id: string, token: string, number: string) =>
  linkPath(id, token, `/documents/${encodeURIComponent(number)}`);

/**
 * A guest's request to erase their data, from the link; the order is then no longer shown, and a
 * guest's tab forgets its guest as signing out does: the server ended the guest's sessions.
 */
export function useEraseGuestData(id: string, token: string) {
  const queryClient = useQueryClient();
  const session = useSessionStore();
  const forgetShopper = useForgetShopper();
  return useMutation({
    mutationFn: () => answerOf(api["order-links"][":id"].erase.$post(linkInput(id, token))),
    onSuccess: () => {
      const gone: OrderLinkAnswer = { ok: false, error: "order-not-found" };
      queryClient.setQueryData(orderLinkQuery(id, token).queryKey, gone);
      // A browser holds one guest at a time: a guest's tab is the buyer's own (decision 032). Were
      // it another guest's, forgetting costs only what a reload brings back; an account's keeps.
      if (isGuest(session.getState())) forgetShopper();
    },
  });
}

/**
 * Keeps a guest's order in the signed-in account (the link proves it is the shopper's): the
 * account's orders are fetched again, and the link now shows an account's order.
 */
export function useKeepInAccount(id: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => answerOf(api["order-links"][":id"].claim.$post(linkInput(id, token))),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ["orders"] });
      await queryClient.invalidateQueries({ queryKey: orderLinkQuery(id, token).queryKey });
    },
  });
}

/** Asks, through the link, to return some units of the delivered order (decision 059). */
export function useLinkReturn(id: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lines: { lineId: number; quantity: number }[]) =>
      answerOf(api["order-links"][":id"].returns.$post({ ...linkInput(id, token), json: { lines } })),
    onSuccess: (view) => {
      const answer: OrderLinkAnswer = { ok: true, view };
      queryClient.setQueryData(orderLinkQuery(id, token).queryKey, answer);
    },
  });
}
