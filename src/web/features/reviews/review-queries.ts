import { queryOptions } from "@tanstack/react-query";
import { apiQuery } from "#web/lib/api-client.ts";

/** The shop's approved reviews across products: what the footer's badge may show (issue 33). */
export const shopReviewsQuery = () =>
  queryOptions({
    queryKey: ["shop-reviews"],
    queryFn: apiQuery((api) => api.reviews.summary.$get()),
  });
