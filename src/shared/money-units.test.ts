import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Money is integer cents end to end (decision 029, amended 2026-11-27): the catalogue file's
 * euros become cents once, where the shop reads it, and cents become text in one formatter. A
 * `/ 100`, `* 100` or `% 100` anywhere else is an amount changing unit by hand, the bug this
 * test is here to stop: it scans every non-test source file of src/ and scripts/.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
const scanned = ["src", "scripts"];

/** The only two files where euros and cents meet; they may scale by a hundred as they need. */
const unitHomes: Record<string, string> = {
  "src/catalog/euros.ts": "the catalogue file's euros become cents (centsFromEuros), once",
  "src/shared/money.ts": "cents become text (formatPrice, decimalPrice)",
};

/**
 * A hundred that is no change of unit: a percentage of an amount that stays in cents, or a
 * drawing's size. Counted per file (lines), so one more line there fails too and gets a look.
 */
const notUnitChanges: Record<string, { lines: number; why: string }> = {
  "src/shared/checkout/vat.ts": { lines: 1, why: "the VAT inside gross cents at a rate in percent" },
  "src/shared/checkout/coupon.ts": { lines: 1, why: "a percent coupon's share of the cents" },
  "src/catalog/art/svg.ts": { lines: 1, why: "SVG coordinates rounded to two decimals" },
  "src/catalog/art/motifs.ts": { lines: 1, why: "a motif drawn 100 units wide, scaled" },
  "src/web/features/catalog/components/product-gallery.tsx": { lines: 2, why: "the zoom's origin in %" },
};

/** x / 100, x*100, x % 100, x / 1e2, 100 * x, x * 0.01 — not 1000, 100_000 or 100.5. */
const byAHundred = /(?:[*/%]\s*(?:100|1e2)(?![\w.])|(?<![\w.])(?:100|1e2)\s*\*|[*/]\s*0?\.01(?![\w.]))/;

/** Whole comment lines say what the code does; a hundred in them changes nothing. */
const isComment = (line: string) => /^\s*(?:\/\/|\/\*|\*)/.test(line);

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** Every line of a scanned file that scales by a hundred, as "file:line: code". */
function hundreds(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of scanned.flatMap(sourceFiles)) {
    const lines = readFileSync(path.join(root, file), "utf8").split("\n");
    const hits = lines.flatMap((line, index) =>
      !isComment(line) && byAHundred.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
    );
    if (hits.length > 0) found.set(file, hits);
  }
  return found;
}

describe("money in integer cents end to end", () => {
  const found = hundreds();

  it("changes an amount's unit only where euros and cents meet", () => {
    const strays = [...found].flatMap(([file, hits]) => {
      if (file in unitHomes) return [];
      const allowed = notUnitChanges[file]?.lines ?? 0;
      return hits.length === allowed ? [] : hits;
    });
    // A price is cents: show it with <Price cents> (web) or formatPrice(cents, lang) (text), read
    // a catalogue price as product.priceCents. A hundred that is not money: list it above.
    expect(strays, "amounts scaled by a hundred outside shared/money.ts and catalog/euros.ts").toEqual([]);
  });

  it("keeps its lists true: every file listed exists and still does what it is listed for", () => {
    for (const file of Object.keys(unitHomes)) expect(found.has(file), file).toBe(true);
    for (const [file, { lines }] of Object.entries(notUnitChanges))
      expect(found.get(file)?.length ?? 0, file).toBe(lines);
  });

  it("recognises the ways a hundred is written, and only those", () => {
    const hit = [
      "formatPrice(cents / 100, lang)",
      "Math.round(product.precio*100)",
      "const euros = 100 * units;",
      "cents % 100",
      "amount / 1e2",
      "euros * 0.01",
      "<Price euros={line.totalCents / 100} />",
    ];
    const miss = [
      "ms / 1000",
      "24 * 60 * 60 * 1000",
      "limit * 100_000",
      "x / 100.5",
      "const max = 100;",
      "(100 + ratePercent)",
      "// 133.95 * 100 is 13394.999…",
    ];
    expect(hit.filter((line) => !byAHundred.test(line))).toEqual([]);
    expect(miss.filter((line) => !isComment(line) && byAHundred.test(line))).toEqual([]);
  });
});
