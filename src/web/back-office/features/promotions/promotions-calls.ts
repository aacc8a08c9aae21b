import { queryOptions } from "@tanstack/react-query";
import {
  PROMOTIONS_API,
  type PromotionCreateRequest,
  type PromotionEditRequest,
  type PromotionList,
  type PromotionStep,
  type PromotionView,
  promotionAnswerSchema,
  promotionListSchema,
} from "#shared/api/back-office-promotion-contract.ts";
import { fetcherOf } from "#web/lib/query-client.ts";
import { staffApiError } from "../../api/staff-api-error.ts";
import { browserFetch, call } from "../../api/staff-calls.ts";

const json = { accept: "application/json" };
const pathOf = (code: string) => `${PROMOTIONS_API}/${encodeURIComponent(code)}`;

export const promotionsQuery = () =>
  queryOptions({
    queryKey: ["gestion", "promotions"],
    queryFn: async ({ client }): Promise<PromotionList> => {
      const response = await fetcherOf(client)(PROMOTIONS_API, { headers: json });
      const answer: unknown = await response.json().catch(() => null);
      if (!response.ok) throw staffApiError(response, answer);
      return promotionListSchema.parse(answer);
    },
    staleTime: 10_000,
  });

/** A coupon's page, or none at that address (a wrong code). */
export type PromotionAnswer = { kind: "found"; promotion: PromotionView } | { kind: "missing" };

export const promotionKey = (code: string) => ["gestion", "promotion", code] as const;

export const promotionQuery = (code: string) =>
  queryOptions({
    queryKey: promotionKey(code),
    queryFn: async ({ client }): Promise<PromotionAnswer> => {
      const response = await fetcherOf(client)(pathOf(code), { headers: json });
      const answer: unknown = await response.json().catch(() => null);
      if (response.status === 404 || response.status === 400) return { kind: "missing" };
      if (!response.ok) throw staffApiError(response, answer);
      return { kind: "found", promotion: promotionAnswerSchema.parse(answer).promotion };
    },
    staleTime: 10_000,
  });

const promotionOf = (answer: unknown) => promotionAnswerSchema.parse(answer).promotion;

export const createPromotion = async (request: PromotionCreateRequest) =>
  promotionOf(await call(browserFetch, PROMOTIONS_API, request));

export const editPromotion = async (code: string, request: PromotionEditRequest) =>
  promotionOf(await call(browserFetch, pathOf(code), request));

export const stepPromotion = async (code: string, step: PromotionStep, version: number) =>
  promotionOf(await call(browserFetch, `${pathOf(code)}/${step}`, { version }));
