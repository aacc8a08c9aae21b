import { summarizeNotes } from "#catalog/import/note-groups.ts";
import {
  type CatalogImportReport,
  IMPORT_REPORT_IDS,
  IMPORT_REPORT_NOTES,
} from "#shared/api/back-office-catalog-contract.ts";
import type { ImportPlan } from "./catalog-import.ts";

const ids = (list: readonly number[]) => ({ count: list.length, ids: list.slice(0, IMPORT_REPORT_IDS) });

/**
 * The back office's answer for an import's plan: the counts whole, the first ids of each, and the
 * importer's lines with a kind seen often grouped in one, so that a file of 100,000 products
 * answers in kilobytes, not in the megabytes of its 100,000 warnings.
 */
export function importReport(plan: ImportPlan, hidMissing: boolean): CatalogImportReport {
  return {
    revision: plan.revision,
    repairs: summarizeNotes(plan.repairs, IMPORT_REPORT_NOTES),
    warnings: summarizeNotes(plan.warnings, IMPORT_REPORT_NOTES),
    added: ids(plan.added),
    changed: ids(plan.changed),
    unchanged: ids(plan.unchanged),
    missing: ids(plan.missing),
    hidMissing,
  };
}
