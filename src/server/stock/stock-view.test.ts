import { describe, expect, it } from "vitest";
import type { StockLevels } from "./stock-repository.ts";
import { createStockView } from "./stock-view.ts";

/** A stock table in memory that counts its reads, and can hold a read until the test lets it go. */
function fakeStock(initial: Record<number, number>) {
  const table = new Map(Object.entries(initial).map(([id, level]) => [Number(id), level]));
  const reads: number[][] = [];
  let hold: Promise<void> | undefined;
  const load = async (ids: readonly number[]): Promise<StockLevels> => {
    reads.push([...ids]);
    const snapshot = new Map(ids.flatMap((id) => (table.has(id) ? [[id, table.get(id) ?? 0]] : [])));
    await hold;
    return snapshot;
  };
  let release = () => {};
  return {
    table,
    reads,
    load,
    holdNextRead() {
      hold = new Promise((resolve) => {
        release = () => {
          hold = undefined;
          resolve();
        };
      });
    },
    release: () => release(),
  };
}

describe("the stock view", () => {
  it("asks the database once per product until that product changes", async () => {
    const stock = fakeStock({ 1: 5, 2: 0 });
    const view = createStockView(stock.load);
    expect(await view.read([1, 2])).toEqual(
      new Map([
        [1, 5],
        [2, 0],
      ]),
    );
    expect(await view.read([2, 1])).toEqual(
      new Map([
        [2, 0],
        [1, 5],
      ]),
    );
    expect(stock.reads).toEqual([[1, 2]]);

    stock.table.set(2, 7);
    view.invalidate(2);
    expect(await view.read([1, 2])).toEqual(
      new Map([
        [1, 5],
        [2, 7],
      ]),
    );
    expect(stock.reads).toEqual([[1, 2], [2]]);
  });

  it("leaves out a product without stock, without asking for it again", async () => {
    const stock = fakeStock({ 1: 3 });
    const view = createStockView(stock.load);
    expect(await view.read([1, 9])).toEqual(new Map([[1, 3]]));
    expect(await view.read([9])).toEqual(new Map());
    expect(stock.reads).toEqual([[1, 9]]);
  });

  it("does not keep a level read before a change that arrived while it was out", async () => {
    const stock = fakeStock({ 1: 5 });
    const view = createStockView(stock.load);
    stock.holdNextRead();
    const early = view.read([1]);
    // The change commits and is announced while the read is still on its way back.
    stock.table.set(1, 0);
    view.invalidate(1);
    stock.release();
    expect(await early).toEqual(new Map([[1, 5]]));
    expect(await view.read([1])).toEqual(new Map([[1, 0]]));
  });

  it("forgets everything when changes may have been missed", async () => {
    const stock = fakeStock({ 1: 5, 2: 5 });
    const view = createStockView(stock.load);
    await view.read([1, 2]);
    stock.table.set(1, 1);
    stock.table.set(2, 2);
    view.clear();
    expect(await view.read([1, 2])).toEqual(
      new Map([
        [1, 1],
        [2, 2],
      ]),
    );

    stock.holdNextRead();
    stock.table.set(1, 4);
    view.invalidate(1);
    const early = view.read([1]);
    view.clear();
    stock.table.set(1, 6);
    stock.release();
    await early;
    expect(await view.read([1])).toEqual(new Map([[1, 6]]));
  });
});
