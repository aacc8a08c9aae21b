import { CATALOG_FILE_MAX_BYTES } from "#shared/api/back-office-catalog-contract.ts";

/** A catalogue file read in the browser: its name and size for the page, its text for both requests. */
export type CatalogFile = { name: string; size: number; text: string };

/** Why a file is refused before it is sent. */
export type CatalogFileProblem = "file-missing" | "file-too-large" | "file-unreadable" | "file-not-json";

export type CatalogFileRead = { ok: true; file: CatalogFile } | { ok: false; problem: CatalogFileProblem };

/**
 * The chosen file, read and checked as the server would check it first (issue 32): at most
 * `CATALOG_FILE_MAX_BYTES`, and JSON. Spares sending 50 MB to hear it refused; what the importer
 * thinks of its records is the preview's to say.
 */
export async function readCatalogFile(file: File | undefined): Promise<CatalogFileRead> {
  if (!file) return { ok: false, problem: "file-missing" };
  if (file.size > CATALOG_FILE_MAX_BYTES) return { ok: false, problem: "file-too-large" };
  let text: string;
  try {
    text = await file.text();
  } catch {
    // A file moved or deleted since it was chosen.
    return { ok: false, problem: "file-unreadable" };
  }
  try {
    JSON.parse(text);
  } catch {
    return { ok: false, problem: "file-not-json" };
  }
  return { ok: true, file: { name: file.name, size: file.size, text } };
}
