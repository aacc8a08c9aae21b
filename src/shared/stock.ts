/** At or below this many units a product shows 'Últimas unidades'. */
export const LOW_STOCK_THRESHOLD = 5;

export type StockState = "out" | "low" | "in";

export function stockState(available: number): StockState {
  if (available <= 0) return "out";
  if (available <= LOW_STOCK_THRESHOLD) return "low";
  return "in";
}
