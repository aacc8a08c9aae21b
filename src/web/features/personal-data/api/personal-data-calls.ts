import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PersonalDataForm, PersonalDataView } from "#shared/api/personal-data-contract.ts";
import { apiQuery, apiRequest } from "#web/lib/api-client.ts";
import { perUserMeta } from "#web/lib/query-client.ts";

/** Keyed "personalData": the live-updates stream names the document the same way. */
export const personalDataQuery = queryOptions({
  queryKey: ["personalData"],
  queryFn: apiQuery<PersonalDataView>("/api/personal-data"),
  meta: perUserMeta,
});

/** `enabled`: false for a guest, who has none (decision 032). */
export function usePersonalData(enabled = true) {
  return useQuery({ ...personalDataQuery, enabled });
}

export function useSavePersonalData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: PersonalDataForm) =>
      apiRequest<PersonalDataView>("/api/personal-data", { method: "PUT", body: JSON.stringify(form) }),
    onSuccess: (data) => queryClient.setQueryData(personalDataQuery.queryKey, data),
  });
}
