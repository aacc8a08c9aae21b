import { queryOptions } from "@tanstack/react-query";
import {
  type CouponUses,
  couponUsesApi,
  couponUsesQuerySchema,
  couponUsesSchema,
} from "#shared/api/back-office-coupon-uses-contract.ts";
import { fetcherOf } from "#web/lib/query-client.ts";
import { staffApiError } from "../../api/staff-api-error.ts";

/** A coupon's orders at the page the address asks for (`?page=`); none for a page the API would refuse. */
export type CouponUsesAnswer = { kind: "found"; uses: CouponUses } | { kind: "missing" };

const pageOf = (search: string) => new URLSearchParams(search).get("page") ?? undefined;

export const couponUsesQuery = (code: string, search = "") =>
  queryOptions({
    queryKey: ["gestion", "promotion", code, "orders", pageOf(search) ?? "1"] as const,
    queryFn: async ({ client }): Promise<CouponUsesAnswer> => {
      const query = couponUsesQuerySchema.safeParse({ page: pageOf(search) });
      if (!query.success) return { kind: "missing" };
      const response = await fetcherOf(client)(couponUsesApi(code, query.data.page), {
        headers: { accept: "application/json" },
      });
      const answer: unknown = await response.json().catch(() => null);
      if (response.status === 404 || response.status === 400) return { kind: "missing" };
      if (!response.ok) throw staffApiError(response, answer);
      return { kind: "found", uses: couponUsesSchema.parse(answer) };
    },
    staleTime: 10_000,
  });
