import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PersonalDataForm } from "#shared/api/personal-data-contract.ts";
import { answerOf, api, apiQuery } from "#web/lib/api-client.ts";
import { perUserMeta } from "#web/lib/query-client.ts";

/** Keyed "personalData": the live-updates stream names the document the same way. */
export const personalDataQuery = queryOptions({
  queryKey: ["personalData"],
  queryFn: apiQuery((api) => api["personal-data"].$get()),
  meta: perUserMeta,
});

/** `enabled`: false for a guest, who has none (decision 032). */
export function usePersonalData(enabled = true) {
  return useQuery({ ...personalDataQuery, enabled });
}

export function useSavePersonalData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: PersonalDataForm) => answerOf(api["personal-data"].$put({ json: form })),
    onSuccess: (data) => queryClient.setQueryData(personalDataQuery.queryKey, data),
  });
}
