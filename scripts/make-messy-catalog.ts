/**
 * Writes the messy catalogue fixture (spec §3's quirks, id 190 on two records) to try the
 * importer by hand:
 *
 *   npm run catalog:messy -- messy.json [--fix-duplicate] [--seed 14]
 *   npm run catalog:import -- messy.json --out /tmp/products.json
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { makeMessyCatalog } from "../src/catalog/import/messy-catalog.ts";
import { userDir } from "./user-dir.ts";

const usage = "usage: npm run catalog:messy -- FILE.json [--fix-duplicate] [--seed N]";

const { values, positionals } = parseArgs({
  options: { "fix-duplicate": { type: "boolean", default: false }, seed: { type: "string", default: "14" } },
  allowPositionals: true,
});
const [file] = positionals;
const seed = Number(values.seed);
if (file === undefined || positionals.length > 1 || !Number.isInteger(seed)) {
  console.error(usage);
  process.exitCode = 1;
} else {
  const target = path.resolve(userDir("catalog:messy"), file);
  const records = makeMessyCatalog({ seed, fixDuplicate: values["fix-duplicate"] });
  await writeFile(target, `${JSON.stringify(records, null, 2)}\n`, "utf8");
  console.log(`wrote ${records.length} records to ${target}`);
}
