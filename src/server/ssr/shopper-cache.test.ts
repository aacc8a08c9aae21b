import { inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { HoleId } from "#shared/personal-holes.ts";
import type { ShopperParts } from "#shared/ssr-contract.ts";
import { createShopperCache } from "./shopper-cache.ts";

const ana = { id: "ana", email: "ana@example.com", name: "Ana", lastName: "Gato" };

/** Parts whose holes say who drew them and when (the count of builds so far). */
function partsMaker(productIds: number[] = [], complete = true) {
  let builds = 0;
  const build = async (): Promise<ShopperParts> => {
    builds += 1;
    const drawn = builds;
    return { productIds, complete, drawHoles: (ids) => ids.map((id) => `<i>${id} #${drawn}</i>`) };
  };
  return { build, builds: () => builds };
}

const textOf = (pieces: { deflated: Buffer }[]) =>
  pieces.map((piece) => inflateRawSync(piece.deflated, { finishFlush: 2 }).toString());

const holes: HoleId[] = ["cart-badge", "wish-3"];

describe("the shopper cache", () => {
  it("builds a shopper's parts once for concurrent pages, and draws each hole once", async () => {
    const cache = createShopperCache();
    const maker = partsMaker();
    const [first, second] = await Promise.all([
      cache.fillsOf(ana, "es", maker.build),
      cache.fillsOf(ana, "es", maker.build),
    ]);
    expect(maker.builds()).toBe(1);
    expect(textOf(first.fillsFor(holes))).toEqual(["<i>cart-badge #1</i>", "<i>wish-3 #1</i>"]);
    expect(second.fillsFor(holes)[0]).toBe(first.fillsFor(holes)[0]);
    expect(cache.peek(ana, "es")).toBeDefined();
    expect(cache.peek(ana, "pt")).toBeUndefined();
    expect(cache.stats()).toEqual({ shoppers: 1, builds: 1 });
  });

  it("draws them again when their lists change, the stock of a product in them changes, or their name", async () => {
    const cache = createShopperCache();
    const maker = partsMaker([7]);
    await cache.fillsOf(ana, "es", maker.build);
    await cache.fillsOf(ana, "pt", maker.build);
    cache.dropUser("ana");
    expect(cache.peek(ana, "es")).toBeUndefined();
    expect(cache.peek(ana, "pt")).toBeUndefined();

    await cache.fillsOf(ana, "es", maker.build);
    cache.invalidateProducts([8]);
    expect(cache.peek(ana, "es")).toBeDefined();
    cache.invalidateProducts([7]);
    expect(cache.peek(ana, "es")).toBeUndefined();

    await cache.fillsOf(ana, "es", maker.build);
    const renamed = { ...ana, name: "Ana María" };
    expect(cache.peek(renamed, "es")).toBeUndefined();
    const parts = await cache.fillsOf(renamed, "es", maker.build);
    expect(textOf(parts.fillsFor(["cart-badge"]))).toEqual(["<i>cart-badge #5</i>"]);
  });

  it("does not keep parts drawn from data that could not all be read, or from before a change", async () => {
    const cache = createShopperCache();
    await cache.fillsOf(ana, "es", partsMaker([], false).build);
    expect(cache.peek(ana, "es")).toBeUndefined();

    const maker = partsMaker();
    const building = cache.fillsOf(ana, "es", maker.build);
    cache.dropUser("someone-else");
    await building;
    expect(cache.peek(ana, "es")).toBeUndefined();
  });

  it("keeps a bounded number of shoppers, the least recently seen going first", async () => {
    const cache = createShopperCache({ maxShoppers: 2 });
    const maker = partsMaker();
    for (const id of ["a", "b", "c"]) await cache.fillsOf({ ...ana, id }, "es", maker.build);
    expect(cache.stats().shoppers).toBe(2);
    expect(cache.peek({ ...ana, id: "a" }, "es")).toBeUndefined();
  });
});
