import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client.ts";
import { numberSeries } from "../db/schema.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { nextNumber, series } from "./number-series.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("number series", () => {
  it("counts from one, six digits wide and wider once they are spent, and gives a number back on rollback", async () => {
    const { db } = database;
    const take = () => db.transaction((tx) => nextNumber(tx, series.creditNote(1999)));
    expect(await take()).toBe("A1999-000001");
    expect(await take()).toBe("A1999-000002");
    await expect(
      db.transaction(async (tx) => {
        await nextNumber(tx, series.creditNote(1999));
        throw new Error("the document was not stored");
      }),
    ).rejects.toThrow("not stored");
    expect(await take()).toBe("A1999-000003");

    await db.update(numberSeries).set({ last: 999_998 }).where(eq(numberSeries.series, "A1999"));
    expect(await take()).toBe("A1999-999999");
    expect(await take()).toBe("A1999-1000000");
  });
});
