import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client.ts";
import { productStock } from "../db/schema.ts";
import { createLogger } from "../logger.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { watchStockChanges } from "./stock-changes.ts";

let database: DatabaseHandle;
let watch: { close(): Promise<void> };
const changed: number[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(productStock).values([
    { productId: 1, available: 5 },
    { productId: 2, available: 5 },
  ]);
  watch = await watchStockChanges(
    database,
    { onChange: (id) => changed.push(id), onMissed: () => undefined },
    createLogger({ LOG_LEVEL: "silent" }),
  );
});
afterAll(async () => {
  await watch.close();
  await database.close();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describe("stock changes", () => {
  it("are announced by the database itself, once the change commits, and only then", async () => {
    changed.length = 0;
    await database.db.transaction(async (tx) => {
      await tx
        .update(productStock)
        .set({ available: sql`${productStock.available} - 1` })
        .where(eq(productStock.productId, 2));
      await settle();
      // Still inside the transaction: nobody else may act on it yet.
      expect(changed).toEqual([]);
    });
    await expect.poll(() => changed).toEqual([2]);
  });

  it("are not announced for a transaction that rolls back", async () => {
    changed.length = 0;
    await database.db
      .transaction(async (tx) => {
        await tx.update(productStock).set({ available: 0 }).where(eq(productStock.productId, 1));
        tx.rollback();
      })
      .catch(() => undefined);
    await database.db.update(productStock).set({ available: 4 }).where(eq(productStock.productId, 2));
    await expect.poll(() => changed).toEqual([2]);
  });
});
