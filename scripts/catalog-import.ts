/**
 * Imports a catalogue in the spec's field format: prints each repair and warning (a kind seen
 * more than 5 times as one line, with its count and first ids), then
 * "N products imported, R repairs, W warnings". Writes nothing when a record is unusable
 * (decision 030); it then prints the errors and exits 1.
 *
 * Into the shop's database (DATABASE_URL, else the embedded one in DATA_DIR, which only one
 * process may open: stop the shop first), in one transaction, by the same code as the back
 * office's import (decision 053): it also prints how many products are added, changed and left.
 * `--dry-run` only says so; `--hide-missing` hides the products the file lacks. With `--out`, it
 * writes the catalogue file instead (the built-in catalogue is `src/catalog/data/products.json`).
 *
 *   npm run catalog:import -- FILE.json [--dry-run] [--hide-missing]
 *   npm run catalog:import -- FILE.json --out PATH
 */
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { importCatalog, importSummary } from "../src/catalog/import/import-catalog.ts";
import { summarizeNotes } from "../src/catalog/import/note-groups.ts";
import {
  applyCatalogImport,
  type ImportOutcome,
  previewCatalogImport,
} from "../src/server/catalog/catalog-import.ts";
import { openDatabase } from "../src/server/db/client.ts";
import { parseEnv } from "../src/server/env.ts";
import { userDir } from "./user-dir.ts";

const usage =
  "usage: npm run catalog:import -- FILE.json [--dry-run] [--hide-missing]\n" +
  "       npm run catalog:import -- FILE.json --out PATH";

/** A failure to explain in one line, without a stack trace. */
class CommandError extends Error {}

type CommandLine = { file: string; out?: string; dryRun: boolean; hideMissing: boolean };

function parseCommandLine(args: string[]): CommandLine {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(args);
  } catch (error) {
    throw new CommandError(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  }
  const [file, ...extra] = parsed.positionals;
  if (file === undefined || extra.length > 0) throw new CommandError(usage);
  const here = userDir("catalog:import");
  const { out, "dry-run": dryRun = false, "hide-missing": hideMissing = false } = parsed.values;
  if (out !== undefined && (dryRun || hideMissing)) throw new CommandError(usage);
  return {
    file: path.resolve(here, file),
    ...(out === undefined ? {} : { out: path.resolve(here, out) }),
    dryRun,
    hideMissing,
  };
}

function parseOptions(args: string[]) {
  return parseArgs({
    args,
    options: {
      out: { type: "string" },
      "dry-run": { type: "boolean" },
      "hide-missing": { type: "boolean" },
    },
    allowPositionals: true,
    strict: true,
  });
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

/** The repairs, then the warnings, a kind seen often in one line (`catalog/import/note-groups.ts`). */
function printNotes({ repairs, warnings }: { repairs: string[]; warnings: string[] }): void {
  const lines = [
    ...summarizeNotes(repairs).lines.map((line) => `repair: ${line}`),
    ...summarizeNotes(warnings).lines.map((line) => `warning: ${line}`),
  ];
  if (lines.length > 0) console.log(lines.join("\n"));
}

/** Into the database, or (dry run) what that would do. */
async function importIntoDatabase(source: unknown, { dryRun, hideMissing }: CommandLine): Promise<number> {
  const env = parseEnv(process.env);
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL }
      : { kind: "pglite", dataDir: env.DATA_DIR },
  );
  let outcome: ImportOutcome;
  try {
    outcome = dryRun
      ? await previewCatalogImport(database.db, source)
      : await applyCatalogImport(database.db, source, { hideMissing });
  } finally {
    await database.close();
  }
  if (!outcome.ok) {
    const errors =
      outcome.error === "catalog-invalid" ? outcome.errors : ["the catalogue changed meanwhile."];
    for (const error of errors) console.error(`error: ${error}`);
    console.error(`import stopped: ${errors.length} error(s); nothing written to the database.`);
    return 1;
  }
  const { plan } = outcome;
  printNotes(plan);
  const missing = `${plan.missing.length} not in the file${hideMissing ? " hidden" : " kept"}`;
  console.log(
    `${dryRun ? "would add" : "added"} ${plan.added.length}, changed ${plan.changed.length}, unchanged ${plan.unchanged.length}; ${missing}`,
  );
  const products = [...plan.added, ...plan.changed, ...plan.unchanged];
  console.log(importSummary({ products, repairs: plan.repairs, warnings: plan.warnings }));
  return 0;
}

async function main(args: string[]): Promise<number> {
  const commandLine = parseCommandLine(args);
  const { file, out } = commandLine;
  const source = await readSource(file);
  if (out === undefined) return importIntoDatabase(source, commandLine);
  const result = importCatalog(source);
  if (!result.ok) {
    for (const error of result.errors) console.error(`error: ${error}`);
    console.error(`import stopped: ${result.errors.length} error(s); nothing written to ${out}.`);
    return 1;
  }
  await writeAtomically(out, `${JSON.stringify(result.products, null, 2)}\n`);
  console.log(`imported ${file} into ${out}`);
  printNotes(result);
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
