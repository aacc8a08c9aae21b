import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AddressesView, AddressForm } from "#shared/api/address-contract.ts";
import { apiQuery, apiRequest } from "#web/lib/api-client.ts";
import { perUserMeta } from "#web/lib/query-client.ts";

/** Keyed "addresses": the live-updates stream names the document the same way. */
export const addressesQuery = queryOptions({
  queryKey: ["addresses"],
  queryFn: apiQuery<AddressesView>("/api/addresses"),
  meta: perUserMeta,
});

export function useAddresses() {
  return useQuery(addressesQuery);
}

export type AddressChange =
  | { kind: "create"; form: AddressForm; makeDefault: boolean }
  | { kind: "update"; id: string; form: AddressForm }
  | { kind: "delete"; id: string }
  | { kind: "default"; id: string };

function send(change: AddressChange): Promise<AddressesView> {
  const json = (method: string, body?: AddressForm) =>
    body ? { method, body: JSON.stringify(body) } : { method };
  switch (change.kind) {
    case "create":
      return apiRequest(`/api/addresses?default=${change.makeDefault}`, json("POST", change.form));
    case "update":
      return apiRequest(`/api/addresses/${change.id}`, json("PUT", change.form));
    case "delete":
      return apiRequest(`/api/addresses/${change.id}`, json("DELETE"));
    case "default":
      return apiRequest(`/api/addresses/${change.id}/default`, json("PUT"));
  }
}

/** Every address call answers with the whole list, which replaces the cached one. */
export function useChangeAddresses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (data) => queryClient.setQueryData(addressesQuery.queryKey, data),
  });
}
