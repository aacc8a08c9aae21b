/**
 * Writes a generated catalogue of N products (100,000 by default) in the spec's field format, to
 * try the shop at scale (issue 32): import it with `npm run catalog:import -- FILE`, or let the
 * bench do it (`npm run bench -- --only=catalog`). Not a fixture: nothing of it is kept in git.
 *
 *   npm run catalog:big -- FILE.json [--count 100000]
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { builtinCatalogSource } from "../src/catalog/builtin-catalog.ts";
import { makeBigCatalog } from "../src/catalog/generate/big-catalog.ts";
import { userDir } from "./user-dir.ts";

const usage = "usage: npm run catalog:big -- FILE.json [--count N]";
const { values, positionals } = parseArgs({
  options: { count: { type: "string", default: "100000" } },
  allowPositionals: true,
});
const [file] = positionals;
const count = Number(values.count);
if (file === undefined || positionals.length > 1 || !Number.isInteger(count) || count < 1) {
  console.error(usage);
  process.exitCode = 1;
} else {
  const target = path.resolve(userDir("catalog:big"), file);
  const records = makeBigCatalog(builtinCatalogSource().products, count);
  await writeFile(target, JSON.stringify(records), "utf8");
  console.log(`wrote ${records.length} products to ${target}`);
}
