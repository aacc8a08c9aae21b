import { queryOptions } from "@tanstack/react-query";
import { apiQuery } from "#web/lib/api-client.ts";

/** A product's approved reviews: their average, count and the latest few (issue 33). */
export const productReviewsQuery = (id: number) =>
  queryOptions({
    queryKey: ["product-reviews", id],
    queryFn: apiQuery((api) => api.reviews.products[":id"].$get({ param: { id: String(id) } })),
  });
