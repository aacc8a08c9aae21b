import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { openTestDatabase } from "../testing/test-database.ts";
import { type DatabaseHandle, namedStatement } from "./client.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const sum = namedStatement<{ a: number; b: number }>(
  "probe-sum",
  sql`select ${sql.placeholder("a")}::int + ${sql.placeholder("b")}::int as sum`,
);

describe("namedStatement", () => {
  it("answers as execute does, the statement kept by name on the connection on PostgreSQL", async () => {
    await database.db.transaction(async (tx) => {
      // One transaction, one connection: the statement prepared there is in its list.
      const named = await sum(tx, { a: 2, b: 3 });
      const again = await sum(tx, { a: 4, b: 5 });
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

  it("fails a call that leaves a value out", async () => {
    await expect(sum(database.db, { a: 1 } as { a: number; b: number })).rejects.toThrow(/b/);
  });
});
