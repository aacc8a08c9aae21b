import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../db/auth-schema.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { cartLine, wishlistItem } from "../db/shopper-schema.ts";
import { createLogger } from "../logger.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { watchShopperChanges } from "./shopper-changes.ts";

let database: DatabaseHandle;
let watch: { close(): Promise<void> };
const changed: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(user).values([
    { id: "ana", name: "Ana", email: "ana@example.com" },
    { id: "rui", name: "Rui", email: "rui@example.com" },
  ]);
  watch = await watchShopperChanges(
    database,
    { onChange: (userId) => changed.push(userId), onMissed: () => undefined },
    createLogger({ LOG_LEVEL: "silent" }),
  );
});
afterAll(async () => {
  await watch.close();
  await database.close();
});

const anaLine = and(eq(cartLine.userId, "ana"), eq(cartLine.productId, 1));

describe("shopper changes", () => {
  it("are announced by the database for every change of a cart line, with the shopper's id", async () => {
    changed.length = 0;
    await database.db.insert(cartLine).values({ userId: "ana", productId: 1, quantity: 1 });
    await expect.poll(() => changed).toEqual(["ana"]);
    await database.db.update(cartLine).set({ quantity: 3 }).where(anaLine);
    await expect.poll(() => changed).toEqual(["ana", "ana"]);
    await database.db.delete(cartLine).where(anaLine);
    await expect.poll(() => changed).toEqual(["ana", "ana", "ana"]);
  });

  it("are announced for the wish list, and when an account goes with its lists", async () => {
    changed.length = 0;
    await database.db.insert(wishlistItem).values({ userId: "rui", productId: 4 });
    await expect.poll(() => changed).toEqual(["rui"]);
    await database.db.delete(user).where(eq(user.id, "rui"));
    await expect.poll(() => changed).toEqual(["rui", "rui"]);
  });

  it("are not announced for a transaction that rolls back", async () => {
    changed.length = 0;
    await database.db
      .transaction(async (tx) => {
        await tx.insert(cartLine).values({ userId: "ana", productId: 2, quantity: 1 });
        tx.rollback();
      })
      .catch(() => undefined);
    await database.db.insert(wishlistItem).values({ userId: "ana", productId: 5 });
    await expect.poll(() => changed).toEqual(["ana"]);
  });
});
