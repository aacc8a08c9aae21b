import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AddressesView, AddressForm } from "#shared/api/address-contract.ts";
import { answerOf, api, apiQuery } from "#web/lib/api-client.ts";
import { perUserMeta } from "#web/lib/query-client.ts";

/** Keyed "addresses": the live-updates stream names the document the same way. */
export const addressesQuery = queryOptions({
  queryKey: ["addresses"],
  queryFn: apiQuery((api) => api.addresses.$get()),
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
  const one = api.addresses[":id"];
  switch (change.kind) {
    case "create":
      return answerOf(
        api.addresses.$post({ query: { default: change.makeDefault ? "true" : "false" }, json: change.form }),
      );
    case "update":
      return answerOf(one.$put({ param: { id: change.id }, json: change.form }));
    case "delete":
      return answerOf(one.$delete({ param: { id: change.id } }));
    case "default":
      return answerOf(one.default.$put({ param: { id: change.id } }));
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
