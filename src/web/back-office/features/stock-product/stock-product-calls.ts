import { queryOptions } from "@tanstack/react-query";
import {
  type StockAdjusted,
  type StockAdjustmentRequest,
  type StockProduct,
  stockAdjustedSchema,
  stockApi,
  stockLedgerQuerySchema,
  stockProductParamSchema,
  stockProductSchema,
} from "#shared/api/back-office-stock-contract.ts";
import { fetcherOf } from "#web/lib/query-client.ts";
import { staffApiError } from "../../api/staff-api-error.ts";
import { browserFetch, call } from "../../api/staff-calls.ts";
import { stockKey } from "../stock/stock-calls.ts";

/** A product's stock page, or none at that address (a wrong id, a product no longer sold). */
export type StockProductAnswer = { kind: "found"; page: StockProduct } | { kind: "missing" };

/** The ledger's page the address asks for (`?before=`, an entry's id); the newest without it. */
const ledgerBefore = (search: string) => new URLSearchParams(search).get("before") ?? undefined;

export const stockProductKey = (id: string, search = "") =>
  [...stockKey, "product", id, ledgerBefore(search) ?? "newest"] as const;

/** A product's stock page with the page of its ledger the address's `?before=` asks for. */
export const stockProductQuery = (id: string, search = "") =>
  queryOptions({
    queryKey: stockProductKey(id, search),
    queryFn: async ({ client }): Promise<StockProductAnswer> => {
      const param = stockProductParamSchema.safeParse({ id });
      const ledger = stockLedgerQuerySchema.safeParse({ before: ledgerBefore(search) });
      if (!param.success || !ledger.success) return { kind: "missing" };
      const response = await fetcherOf(client)(stockApi.product(param.data.id, ledger.data.before), {
        headers: { accept: "application/json" },
      });
      const answer: unknown = await response.json().catch(() => null);
      if (response.status === 404 || response.status === 400) return { kind: "missing" };
      if (!response.ok) throw staffApiError(response, answer);
      return { kind: "found", page: stockProductSchema.parse(answer) };
    },
    staleTime: 10_000,
  });

/** A hand adjustment (restock, count, damage): the product as it now is. */
export async function adjustStock(
  productId: number,
  request: StockAdjustmentRequest,
): Promise<StockAdjusted> {
  return stockAdjustedSchema.parse(await call(browserFetch, stockApi.adjust(productId), request));
}
