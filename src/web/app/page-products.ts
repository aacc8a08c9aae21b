import type { DehydratedState } from "@tanstack/react-query";

/**
 * The products a page shows, found in the data it was drawn from: every object with a numeric `id`
 * and `stock` is a product card or detail (shared/api/catalog-contract.ts). The server drops a
 * cached page when the stock of one of these changes.
 */
export function productIdsIn(state: DehydratedState): number[] {
  const found = new Set<number>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (typeof value !== "object" || value === null) return;
    const record = value as Record<string, unknown>;
    if (typeof record.id === "number" && typeof record.stock === "number") found.add(record.id);
    for (const child of Object.values(record)) visit(child);
  };
  for (const query of state.queries) visit(query.state.data);
  return [...found].sort((a, b) => a - b);
}
