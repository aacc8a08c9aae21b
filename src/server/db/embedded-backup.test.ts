import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";
import { exportEmbedded, restoreEmbedded } from "./embedded-backup.ts";
import { productStock } from "./schema.ts";

const dir = mkdtempSync(join(tmpdir(), "shop-backup-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the embedded database's backup (issue 31)", () => {
  it("is restored into an empty data directory with the data as it was, and never over a database", async () => {
    const live = join(dir, "live");
    const original = await openDatabase({ kind: "pglite", dataDir: live });
    await original.db.insert(productStock).values({ productId: 9001, available: 7 });
    await original.close();

    const file = join(dir, "shop.tar.gz");
    expect(await exportEmbedded(live, file)).toBeGreaterThan(1000);
    const restoredDir = join(dir, "restored");
    await restoreEmbedded(file, restoredDir);
    const restored = await openDatabase({ kind: "pglite", dataDir: restoredDir });
    try {
      const rows = await restored.db.select().from(productStock).where(eq(productStock.productId, 9001));
      expect(rows).toMatchObject([{ productId: 9001, available: 7 }]);
    } finally {
      await restored.close();
    }
    await expect(restoreEmbedded(file, live)).rejects.toThrow(/already holds a database/);
  }, 60_000);
});
