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

/** The first three products as the spec's data has them: no `pt`, a RegaloRegalo, an odd code. */
function specRecords(): Record<string, unknown>[] {
  return products.slice(0, 3).map(({ pt: _pt, ...spanish }, index) => {
    if (index === 0) return { ...spanish, subcategoria4: "RegaloRegalo" };
    return index === 1 ? { ...spanish, codigo: "B-17" } : spanish;
  });
}

describe("npm run catalog:import", () => {
  it("writes the repaired catalogue, prints repairs, warnings and the summary last, and exits 0", async () => {
    const run = runImport(await writeSource("good.json", specRecords()));
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout.trimEnd().split("\n").slice(1)).toEqual([
      'repair: record 0 (id 1) subcategoria4: "RegaloRegalo" renamed to "Regalo".',
      'warning: record 1 (id 2) codigo: "B-17" is irregular; kept as is.',
      "3 products imported, 1 repairs, 1 warnings",
    ]);
    const written = await readFile(out, "utf8");
    expect(written.endsWith("}\n]\n")).toBe(true);
    expect(JSON.parse(written).map((product: { id: number }) => product.id)).toEqual([1, 2, 3]);
    expect(existsSync(`${out}.${run.pid}.tmp`)).toBe(false);
  });

  it("writes the shop's own catalogue back byte for byte", async () => {
    const run = runImport(path.join(root, "src/catalog/data/products.json"));
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(`\\n${products.length} products imported, 0 repairs, 0 warnings\\n$`),
    );
    expect(await readFile(out, "utf8")).toBe(
      await readFile(path.join(root, "src/catalog/data/products.json"), "utf8"),
    );
  });

  it("prints the errors, writes nothing and exits 1 on a duplicated id", async () => {
    const records = specRecords();
    records[2] = { ...records[2], id: 2 };
    const run = runImport(await writeSource("duplicate.json", records));
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      "error: record 2 (id 2) id: already the id of record 1; ids must be unique.\n" +
        `import stopped: 1 error(s); nothing written to ${out}.\n`,
    );
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
