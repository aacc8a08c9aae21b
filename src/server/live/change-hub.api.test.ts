import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShopperDocument } from "#shared/api/live-contract.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { createLogger } from "../logger.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { type ChangeHub, createChangeHub } from "./change-hub.ts";

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
});
