import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { openTestDatabase } from "../testing/test-database.ts";
import { type DatabaseHandle, executeNamed } from "./client.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("executeNamed", () => {
  it("answers as execute does, the statement kept by name on the connection on PostgreSQL", async () => {
    await database.db.transaction(async (tx) => {
      // One transaction, one connection: the statement prepared there is in its list.
      const named = await executeNamed(tx, "probe-sum", sql`select ${2}::int + ${3}::int as sum`);
      const again = await executeNamed(tx, "probe-sum", sql`select ${4}::int + ${5}::int as sum`);
      expect(named).toMatchObject({ rows: [{ sum: 5 }] });
      expect(again).toMatchObject({ rows: [{ sum: 9 }] });
      const prepared = z
        .object({ rows: z.array(z.object({ name: z.string() })) })
        .parse(await tx.execute(sql`select name from pg_prepared_statements`));
      const names = prepared.rows.map((row) => row.name);
      if (database.kind === "postgres") expect(names).toContain("probe-sum");
      else expect(names).not.toContain("probe-sum");
    });
  });
});
