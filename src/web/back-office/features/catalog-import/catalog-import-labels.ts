import type { CatalogImportReport } from "#shared/api/back-office-catalog-contract.ts";
import { ApiError } from "#web/lib/api-client.ts";
import type { CatalogFileProblem } from "./catalog-import-file.ts";

const count = (n: number) => n.toLocaleString("es-ES");
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** «1 nuevo, 1 cambiado, 199 sin cambios, 0 que no están en el archivo». */
export function reportCounts(report: CatalogImportReport): string {
  return [
    plural(report.added.count, "nuevo", "nuevos"),
    plural(report.changed.count, "cambiado", "cambiados"),
    `${count(report.unchanged.count)} sin cambios`,
    plural(report.missing.count, "que no está en el archivo", "que no están en el archivo"),
  ].join(", ");
}

/** The importer's repairs or warnings as a report carries them. */
export type NoteSummary = CatalogImportReport["warnings"];

/**
 * Below a list of the importer's lines that holds fewer than it wrote: «Son 100.000 en total; los
 * de un mismo tipo que se repite van en una sola línea, con el número y los primeros ids (2 líneas).»
 */
export function notesShownLine({ count: written, lines }: NoteSummary): string {
  return `Son ${count(written)} en total; los de un mismo tipo que se repite van en una sola línea, con el número y los primeros ids (${plural(lines.length, "línea", "líneas")}).`;
}

/** Whether applying the file would change anything (hiding what it lacks is asked for apart). */
export const changesSomething = (report: CatalogImportReport) =>
  report.added.count + report.changed.count + report.missing.count > 0;

/** The checkbox: «Ocultar los 3 productos que no están en el archivo». */
export function hideMissingLabel(missing: number): string {
  return missing === 1
    ? "Ocultar el producto que no está en el archivo"
    : `Ocultar los ${count(missing)} productos que no están en el archivo`;
}

/** What becomes of them either way. */
export function hideMissingHint(missing: number): string {
  return missing === 1
    ? "Sin marcar, sigue como está. Oculto, la tienda deja de mostrarlo; sus pedidos lo conservan."
    : "Sin marcar, siguen como están. Ocultos, la tienda deja de mostrarlos; sus pedidos los conservan.";
}

/** What applying will do, asked before it is done: «Se añadirá 1 producto y se cambiarán 2.» */
export function applyEffect(report: CatalogImportReport, hideMissing: boolean): string {
  const { added, changed, missing } = report;
  const parts = [
    added.count > 0 &&
      (added.count === 1 ? "se añadirá 1 producto" : `se añadirán ${count(added.count)} productos`),
    changed.count > 0 && (changed.count === 1 ? "se cambiará 1" : `se cambiarán ${count(changed.count)}`),
    hideMissing &&
      missing.count > 0 &&
      (missing.count === 1 ? "se ocultará 1" : `se ocultarán ${count(missing.count)}`),
  ].filter((part): part is string => typeof part === "string");
  if (parts.length === 0) return "No cambiará nada en el catálogo.";
  const last = parts.pop();
  const sentence = parts.length === 0 ? `${last}` : `${parts.join(", ")} y ${last}`;
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

/** What an applied import did, line by line. */
export function appliedLines(report: CatalogImportReport): string[] {
  const { added, changed, unchanged, missing } = report;
  const lines = [
    `${plural(added.count, "producto nuevo", "productos nuevos")}, ${plural(changed.count, "cambiado", "cambiados")} y ${count(unchanged.count)} sin cambios.`,
  ];
  if (missing.count > 0) lines.push(report.hidMissing ? hiddenLine(missing.count) : keptLine(missing.count));
  return lines;
}

const hiddenLine = (n: number) =>
  n === 1
    ? "Se ha ocultado el producto que no estaba en el archivo."
    : `Se han ocultado los ${count(n)} productos que no estaban en el archivo.`;

const keptLine = (n: number) =>
  n === 1
    ? "El producto que no está en el archivo sigue como estaba."
    : `Los ${count(n)} productos que no están en el archivo siguen como estaban.`;

/**
 * The refusal's first line: «El archivo no se puede importar: tiene 2 errores.» `more`: the answer
 * listed only the first errors, so the file has at least that many.
 */
export function refusalLine(listed: number, more: boolean): string {
  const how = more
    ? `tiene ${count(listed)} errores o más (se muestran los ${count(listed)} primeros).`
    : `tiene ${plural(listed, "error", "errores")}.`;
  return `El archivo no se puede importar: ${how}`;
}

/** «catalogo.json (1,4 MB)». */
export function fileText(file: { name: string; size: number }): string {
  const size =
    file.size < 1024 * 1024
      ? `${count(Math.max(1, Math.ceil(file.size / 1024)))} KB`
      : `${(file.size / (1024 * 1024)).toLocaleString("es-ES", { maximumFractionDigits: 1 })} MB`;
  return `${file.name} (${size})`;
}

const TOO_LARGE =
  "El archivo ocupa más de 50 MB: es demasiado grande para la gestión. Impórtalo con la orden «npm run catalog:import» en el servidor.";
const NOT_JSON = "El archivo no es JSON válido. Elige el archivo del catálogo en formato JSON.";

const fileProblems: Readonly<Record<CatalogFileProblem, string>> = {
  "file-missing": "Elige el archivo del catálogo (.json).",
  "file-too-large": TOO_LARGE,
  "file-unreadable": "No se ha podido leer el archivo. Vuelve a elegirlo.",
  "file-not-json": NOT_JSON,
};

export const fileProblemMessage = (problem: CatalogFileProblem) => fileProblems[problem];

/** Why a preview or an import failed (other than the importer's errors or a changed catalogue). */
export function importErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === "catalog-too-large" || error.status === 413) return TOO_LARGE;
    if (error.code === "catalog-not-json") return NOT_JSON;
    if (error.status === 403) return "Solo la persona propietaria de la tienda puede importar el catálogo.";
    if (error.status === 401) return "Tu sesión ha terminado. Vuelve a entrar.";
  }
  // fetch rejects with a TypeError when the request never got an answer.
  if (error instanceof TypeError)
    return "No hay conexión con la tienda. Comprueba tu conexión e inténtalo de nuevo.";
  return "No hemos podido importar el archivo. Inténtalo de nuevo dentro de un momento.";
}
