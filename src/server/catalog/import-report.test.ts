import { describe, expect, it } from "vitest";
import { builtinCatalogSource } from "#catalog/builtin-catalog.ts";
import { makeBigCatalog } from "#catalog/generate/big-catalog.ts";
import { importCatalog } from "#catalog/import/import-catalog.ts";
import { importReport } from "./import-report.ts";

describe("the back office's import report at scale (issue 32)", () => {
  it("answers a preview of 100,000 generated products in under 200 KB, every warning counted", () => {
    const imported = importCatalog(makeBigCatalog(builtinCatalogSource().products, 100_000));
    if (!imported.ok) throw new Error(imported.errors.join("\n"));
    expect(imported.warnings.length).toBeGreaterThanOrEqual(100_000);
    const ids = imported.products.map((record) => record.id);
    const plan = { ...imported, revision: 1, added: ids, changed: [], unchanged: [], missing: [] };
    const report = importReport(plan, false);
    expect(report.warnings.count).toBe(imported.warnings.length);
    expect(report.warnings.lines[0]).toMatch(
      /^record 0 \(id 1\) codigo: "G000001" is irregular; kept as is\. \(and 99,999 more records like it: ids 2, 3, 4, 5, 6, and 99,994 more\)$/,
    );
    expect(report.added).toEqual({ count: 100_000, ids: ids.slice(0, 100) });
    expect(JSON.stringify(report).length).toBeLessThan(200 * 1024);
  }, 120_000);
});
