import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import products from "../data/products.json" with { type: "json" };

const root = fileURLToPath(new URL("../../..", import.meta.url));
let dir = "";
let out = "";

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "catalog-import-"));
  out = path.join(dir, "products.json");
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Runs `node scripts/catalog-import.ts FILE --out OUT` the way npm would, from the package root. */
function runImport(file: string) {
  const { npm_lifecycle_event: _event, ...env } = process.env;
  return spawnSync(process.execPath, ["scripts/catalog-import.ts", file, "--out", out], {
    cwd: root,
    encoding: "utf8",
    env,
  });
}

async function writeSource(name: string, records: unknown): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, JSON.stringify(records));
  return file;
}

/** The first three products as the spec's data has them: no `pt`, one RegaloRegalo typo. */
function specRecords(): Record<string, unknown>[] {
  return products
    .slice(0, 3)
    .map(({ pt: _pt, ...spanish }, index) =>
      index === 0 ? { ...spanish, subcategoria4: "RegaloRegalo" } : spanish,
    );
}

describe("npm run catalog:import", () => {
  it("writes the repaired catalogue, prints each repair and a summary, and exits 0", async () => {
    const run = runImport(await writeSource("good.json", specRecords()));
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      'repaired: record 0 (id 1): subcategoria4 "RegaloRegalo" renamed to "Regalo".',
    );
    expect(run.stdout).toContain("repaired: record 2 (id 3): no Portuguese texts; Spanish copied.");
    expect(run.stdout).toContain("imported 3 products, 4 repairs");
    const written = await readFile(out, "utf8");
    expect(written.endsWith("}\n]\n")).toBe(true);
    expect(JSON.parse(written).map((product: { id: number }) => product.id)).toEqual([1, 2, 3]);
    expect(existsSync(`${out}.${run.pid}.tmp`)).toBe(false);
  });

  it("writes the shop's own catalogue back byte for byte", async () => {
    const run = runImport(path.join(root, "src/catalog/data/products.json"));
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`imported ${products.length} products, 0 repairs`);
    expect(await readFile(out, "utf8")).toBe(
      await readFile(path.join(root, "src/catalog/data/products.json"), "utf8"),
    );
  });

  it("prints the error, writes nothing and exits 1 on a duplicated id", async () => {
    const records = specRecords();
    records[2] = { ...records[2], id: 2 };
    const run = runImport(await writeSource("duplicate.json", records));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("error: id 2 is used by records 1 and 2");
    expect(run.stderr).toContain("nothing written");
    expect(existsSync(out)).toBe(false);
  });

  it("exits 1 with a clear message for a missing file or one that is not JSON", async () => {
    const missing = runImport(path.join(dir, "missing.json"));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain(`cannot read ${path.join(dir, "missing.json")}: no such file`);

    const notJson = path.join(dir, "broken.json");
    await writeFile(notJson, "[{");
    const broken = runImport(notJson);
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain(`${notJson} is not valid JSON`);
    expect(existsSync(out)).toBe(false);
  });
});
