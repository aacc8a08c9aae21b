import {
  CATALOG_IMPORT_APPLY_PATH,
  CATALOG_IMPORT_PREVIEW_PATH,
  type CatalogImportReport,
  catalogImportRefusalSchema,
  catalogImportReportSchema,
} from "#shared/api/back-office-catalog-contract.ts";
import { errorPartsOf } from "#shared/api/error-contract.ts";
import { staffApiError } from "../../api/staff-api-error.ts";
import { browserFetch } from "../../api/staff-calls.ts";

/**
 * What the importer made of a file (`server/back-office/catalog.routes.ts`): its report, its
 * errors (400 `catalog-invalid`), or, on applying, a catalogue changed since the preview (409).
 * Any other refusal is thrown, a `StaffApiError`.
 */
export type ImportAnswer =
  | { kind: "report"; report: CatalogImportReport }
  | { kind: "refused"; errors: string[] }
  | { kind: "changed" };

async function send(path: string, text: string): Promise<ImportAnswer> {
  // The file's own text is the body, as it was read: the preview and the import see the same bytes.
  const response = await browserFetch(path, {
    method: "POST",
    body: text,
    headers: { accept: "application/json", "content-type": "application/json" },
  });
  const answer: unknown = await response.json().catch(() => null);
  if (response.ok) return { kind: "report", report: catalogImportReportSchema.parse(answer) };
  if (response.status === 400) {
    const refused = catalogImportRefusalSchema.safeParse(answer);
    if (refused.success) return { kind: "refused", errors: refused.data.errors };
  }
  if (response.status === 409 && errorPartsOf(answer).code === "catalog-changed") return { kind: "changed" };
  throw staffApiError(response, answer);
}

/** The importer's report of the file against the catalogue as it is now; writes nothing. */
export const previewImport = (text: string) => send(CATALOG_IMPORT_PREVIEW_PATH, text);

/** Applies the file in one transaction, if the catalogue is still at the preview's revision. */
export function applyImport(text: string, revision: number, hideMissing: boolean): Promise<ImportAnswer> {
  const query = new URLSearchParams({ revision: String(revision) });
  if (hideMissing) query.set("hideMissing", "1");
  return send(`${CATALOG_IMPORT_APPLY_PATH}?${query}`, text);
}
