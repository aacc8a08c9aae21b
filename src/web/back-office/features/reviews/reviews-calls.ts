import { queryOptions } from "@tanstack/react-query";
import { type ModerationList, moderationListSchema, reviewsApi } from "#shared/api/review-contract.ts";
import { fetcherOf } from "#web/lib/query-client.ts";
import type { PageData } from "../../api/page-data.ts";
import { browserFetch, call } from "../../api/staff-calls.ts";

export const reviewsKey = ["gestion", "reviews"] as const;

/** Every review, pending first (issue 33). */
export const reviewsQuery = () =>
  queryOptions({
    queryKey: reviewsKey,
    queryFn: async ({ client }): Promise<ModerationList> =>
      moderationListSchema.parse(await call(fetcherOf(client), reviewsApi.list)),
  });

/** Approves or rejects one review (audited by the server). */
export const decide = (id: string, decision: "approve" | "reject") =>
  call(browserFetch, reviewsApi.decide(id, decision), {});

/** The list, fetched on the server before the page is drawn. */
export const reviewsPageData: PageData = async (queryClient) => {
  await queryClient.prefetchQuery(reviewsQuery());
  return undefined;
};
