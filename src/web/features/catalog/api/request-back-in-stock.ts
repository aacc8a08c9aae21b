import type { BackInStockRequest, BackInStockResponse } from "#shared/api/back-in-stock-contract.ts";
import { answerOf, api } from "#web/lib/api-client.ts";

/** «Avísame cuando vuelva»: `subscribed`, or `already` for an address already waiting. */
export function requestBackInStock(input: BackInStockRequest): Promise<BackInStockResponse> {
  return answerOf(api["back-in-stock"].$post({ json: input }));
}
