import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LEDGER_PAGE_SIZE,
  type StockProduct,
  stockApi,
  stockProductSchema,
} from "#shared/api/back-office-stock-contract.ts";
import { staffUser } from "../db/schema.ts";
import type { StaffBrowser } from "../staff/staff-testing.ts";
import { adjustStock } from "../stock/stock-adjustments.ts";
import { signedInStaff } from "../testing/back-office-staff.ts";
import { createTestApi, type TestApi } from "../testing/test-app.ts";
import { body } from "../testing/test-orders.ts";

let api: TestApi;
let staff: StaffBrowser;

const PRODUCT = 3;

beforeAll(async () => {
  api = await createTestApi();
  staff = await signedInStaff(api, STAFF_EMAIL);
});
afterAll(() => api.close());

const STAFF_EMAIL = "mozo.paginas@example.com";

/** Restocks of one unit each, as the adjustments' route makes them, in one transaction (fast on a busy machine). */
async function restocks(notes: string[]) {
  const { db } = api.database;
  const [member] = await db
    .select({ id: staffUser.id })
    .from(staffUser)
    .where(eq(staffUser.email, STAFF_EMAIL));
  if (!member) throw new Error("the staff member is stored");
  await db.transaction(async (tx) => {
    for (const note of notes) {
      const done = await adjustStock(
        tx,
        PRODUCT,
        { reason: "restock", quantity: 1, note },
        {
          staffId: member.id,
          at: new Date(),
        },
      );
      expect(done.ok).toBe(true);
    }
  });
}

const restock = async (note: string) => {
  const response = await staff.post(stockApi.adjust(PRODUCT), { reason: "restock", quantity: 1, note });
  expect(response.status).toBe(201);
};
const ledgerPage = async (before?: number): Promise<StockProduct> =>
  stockProductSchema.parse(await body(await staff.get(stockApi.product(PRODUCT, before)), 200));

describe("a product's ledger, a page at a time (keyset by entry)", () => {
  it("reads 250 entries page by page, newest first, each once, each with the stock it left", async () => {
    // The opening entry and 249 restocks of one unit: 250 entries.
    await restocks(Array.from({ length: 249 }, (_, n) => `Entrada ${n + 1}`));
    const first = await ledgerPage();
    expect(first.before).toBeNull();
    expect(first.movements).toHaveLength(LEDGER_PAGE_SIZE);
    expect(first.more).toBe(true);
    expect(first.older).toBe(first.movements.at(-1)?.id);
    expect(first.movements[0]?.note).toBe("Entrada 249");

    // A change written between two pages is on the newest page, and moves no older one.
    await restock("Mientras tanto");
    const older = first.older ?? 0;
    const second = await ledgerPage(older);
    expect(second.before).toBe(older);
    expect(second.movements).toHaveLength(250 - LEDGER_PAGE_SIZE);
    expect(second.more).toBe(false);
    expect(second.older).toBeNull();
    expect(second.movements.at(-1)?.reason).toBe("opening");

    const read = [...first.movements, ...second.movements];
    expect(new Set(read.map((m) => m.id)).size).toBe(250);
    const ids = read.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(read.map((m) => m.note)).not.toContain("Mientras tanto");
    // The running balance crosses the pages: each entry's is the next older one's plus its change.
    for (const [index, movement] of read.slice(0, -1).entries()) {
      const previous = read[index + 1];
      expect(movement.balance).toBe((previous?.balance ?? 0) + movement.change);
    }
    expect(second.movements.at(-1)?.balance).toBe(second.movements.at(-1)?.change);
    expect((await ledgerPage()).movements[0]?.note).toBe("Mientras tanto");
  });

  it("answers an empty page before the oldest entry, and refuses a cursor that is no entry's id", async () => {
    const oldest = (await ledgerPage(1)).movements;
    expect(oldest).toEqual([]);
    for (const bad of ["0", "-3", "abc", "1.5"]) {
      expect((await staff.get(`${stockApi.product(PRODUCT)}?before=${bad}`)).status, bad).toBe(400);
    }
  });
});
