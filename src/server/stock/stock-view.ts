import type { StockLevels } from "./stock-repository.ts";

/**
 * The stock the catalogue's answers show (a card's «Agotado», a product page's «Añadir»), kept in
 * memory per product from its first read until the database announces a change of it, made here
 * or in any process on the database (decision 058). Never the authority: carts and orders read
 * and lock the stock rows themselves.
 */
export type StockView = {
  read(productIds: readonly number[]): Promise<StockLevels>;
  /** The product's stock changed: its next read asks the database. */
  invalidate(productId: number): void;
  /** Changes may have been missed: every product's next read asks the database. */
  clear(): void;
};

/** A product without a stock row is kept as `null` and left out of the answer, as `readStock` does. */
export function createStockView(load: (productIds: readonly number[]) => Promise<StockLevels>): StockView {
  const kept = new Map<number, number | null>();
  // A read that began before a change may bring the old level back: it is not kept if its
  // product's change count (or the whole view's) moved while it was out.
  const changes = new Map<number, number>();
  let clears = 0;

  async function readMissing(missing: readonly number[]): Promise<StockLevels> {
    const clearsBefore = clears;
    const changesBefore = missing.map((id) => changes.get(id) ?? 0);
    const levels = await load(missing);
    if (clears === clearsBefore) {
      missing.forEach((id, index) => {
        if ((changes.get(id) ?? 0) === changesBefore[index]) kept.set(id, levels.get(id) ?? null);
      });
    }
    return levels;
  }

  return {
    async read(productIds) {
      const missing = productIds.filter((id) => !kept.has(id));
      const fresh = missing.length > 0 ? await readMissing(missing) : undefined;
      const levels = new Map<number, number>();
      for (const id of productIds) {
        const level = fresh?.get(id) ?? kept.get(id);
        if (level !== undefined && level !== null) levels.set(id, level);
      }
      return levels;
    },
    invalidate(productId) {
      kept.delete(productId);
      changes.set(productId, (changes.get(productId) ?? 0) + 1);
    },
    clear() {
      kept.clear();
      clears += 1;
    },
  };
}
