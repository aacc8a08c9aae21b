/**
 * Imports a catalogue in the spec's field format into the shop's product data: prints each
 * repair and warning, then "N products imported, R repairs, W warnings". Writes nothing when a
 * record is unusable (decision 030); it then prints the errors and exits 1.
 *
 *   npm run catalog:import -- FILE.json [--out PATH]
 */
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { importCatalog, importSummary } from "../src/catalog/import/import-catalog.ts";
import { userDir } from "./user-dir.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const defaultOut = path.join(root, "src/catalog/data/products.json");
const usage = "usage: npm run catalog:import -- FILE.json [--out PATH]";

/** A failure to explain in one line, without a stack trace. */
class CommandError extends Error {}

function parseCommandLine(args: string[]): { file: string; out: string } {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(args);
  } catch (error) {
    throw new CommandError(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  }
  const [file, ...extra] = parsed.positionals;
  if (file === undefined || extra.length > 0) throw new CommandError(usage);
  const here = userDir("catalog:import");
  const out = parsed.values.out === undefined ? defaultOut : path.resolve(here, parsed.values.out);
  return { file: path.resolve(here, file), out };
}

function parseOptions(args: string[]) {
  return parseArgs({ args, options: { out: { type: "string" } }, allowPositionals: true, strict: true });
}

function errorCode(error: unknown): unknown {
  return error instanceof Error && "code" in error ? error.code : undefined;
}

async function readSource(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const reason = errorCode(error) === "ENOENT" ? "no such file" : String(error);
    throw new CommandError(`cannot read ${file}: ${reason}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CommandError(
      `${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** Temp file then rename (same directory, so same file system): a crash never leaves half a file. */
async function writeAtomically(file: string, text: string): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(temp, text, "utf8");
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw new CommandError(`cannot write ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function main(args: string[]): Promise<number> {
  const { file, out } = parseCommandLine(args);
  const result = importCatalog(await readSource(file));
  if (!result.ok) {
    for (const error of result.errors) console.error(`error: ${error}`);
    console.error(`import stopped: ${result.errors.length} error(s); nothing written to ${out}.`);
    return 1;
  }
  await writeAtomically(out, `${JSON.stringify(result.products, null, 2)}\n`);
  console.log(`imported ${file} into ${out}`);
  for (const repair of result.repairs) console.log(`repair: ${repair}`);
  for (const warning of result.warnings) console.log(`warning: ${warning}`);
  console.log(importSummary(result));
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof CommandError)) throw error;
  console.error(`catalog:import: ${error.message}`);
  process.exitCode = 1;
}
