import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShopperDocument } from "#shared/api/live-contract.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { createLogger } from "../logger.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { type ChangeHub, createChangeHub, type ShopperChange } from "./change-hub.ts";

let database: DatabaseHandle;
let hub: ChangeHub;
beforeAll(async () => {
  database = await openTestDatabase();
  hub = await createChangeHub(database, createLogger({ LOG_LEVEL: "silent" }));
});
afterAll(async () => {
  await hub.close();
  await database.close();
});

/** What a shopper's listener hears until it has heard `count` documents. */
function hear(userId: string, count: number): Promise<ShopperDocument[]> {
  const heard: ShopperDocument[] = [];
  return new Promise((resolve) => {
    const stop = hub.subscribe(userId, (document) => {
      heard.push(document);
      if (heard.length === count) {
        stop();
        resolve(heard);
      }
    });
  });
}

describe("change hub", () => {
  it("tells a shopper's listeners of every document one publish names, in order, and no one else's", async () => {
    const others: ShopperDocument[] = [];
    const stopOthers = hub.subscribe("someone-else", (document) => others.push(document));
    const heard = hear("shopper-1", 3);
    await hub.publish("shopper-1", "cart", "orders");
    await hub.publish("shopper-1", "wishlist");
    expect(await heard).toEqual(["cart", "orders", "wishlist"]);
    stopOthers();
    expect(others).toEqual([]);
  });

  it("tells this process's watchers before publish returns, and every process's when the database delivers it", async () => {
    const other = await createChangeHub(database, createLogger({ LOG_LEVEL: "silent" }));
    const here: ShopperChange[] = [];
    const there: ShopperChange[] = [];
    const stopHere = hub.watch({ onChange: (change) => here.push(change), onMissed: () => undefined });
    const stopThere = other.watch({ onChange: (change) => there.push(change), onMissed: () => undefined });
    const published = hub.publish("shopper-2", "wishlist");
    expect(here).toEqual([{ userId: "shopper-2", document: "wishlist" }]);
    await published;
    await expect.poll(() => there).toEqual([{ userId: "shopper-2", document: "wishlist" }]);
    // This process hears its own change again from the database: watchers drop caches, twice is harmless.
    await expect.poll(() => here.length).toBe(2);
    stopHere();
    stopThere();
    await other.close();
  });
});
