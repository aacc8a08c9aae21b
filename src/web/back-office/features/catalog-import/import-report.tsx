import type { CatalogImportReport } from "#shared/api/back-office-catalog-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { Link } from "#web/lib/routing.tsx";
import styles from "./catalog-import.module.css";
import type { CatalogFile } from "./catalog-import-file.ts";
import {
  fileText,
  type NoteSummary,
  notesShownLine,
  refusalLine,
  reportCounts,
} from "./catalog-import-labels.ts";

/** The errors a refusal lists at most (`server/back-office/catalog.routes.ts`); a file may have more. */
const REFUSAL_ERRORS_LISTED = 500;

/** The preview: what applying the file would do, and the importer's repairs and warnings. */
export function ImportReportView({ file, report }: { file: CatalogFile; report: CatalogImportReport }) {
  return (
    <>
      <p className={styles.hint}>Archivo: {fileText(file)}</p>
      <p role="status" className={styles.strong}>
        {reportCounts(report)}
      </p>
      <ReportIds report={report} applied={false} />
      <Notes
        id="catalog-import-repairs"
        title="Reparaciones"
        summary={report.repairs}
        none="El importador no ha tenido que reparar nada."
        lead="Lo que el importador corrige por su cuenta al leer el archivo:"
      />
      <Notes
        id="catalog-import-warnings"
        title="Avisos"
        summary={report.warnings}
        none="Ningún aviso."
        lead="Lo que se importa tal cual, pero conviene revisar:"
      />
    </>
  );
}

/** A refused file: why, record by record, as the importer says it. */
export function ImportRefusal({ file, errors }: { file: CatalogFile; errors: readonly string[] }) {
  return (
    <>
      <p className={styles.hint}>Archivo: {fileText(file)}</p>
      <p role="alert" className={styles.error}>
        {refusalLine(errors.length, errors.length >= REFUSAL_ERRORS_LISTED)}
      </p>
      <Notes
        id="catalog-import-errors"
        title="Errores"
        summary={{ count: errors.length, lines: [...errors] }}
        none=""
      />
      <p>Corrige el archivo y vuelve a elegirlo: no se ha importado nada.</p>
    </>
  );
}

/**
 * The importer's own lines (English, one per record and field, or one for many records of one
 * kind), in a list that scrolls on its own. It takes the focus, so it scrolls from the keyboard too.
 */
function Notes(props: { id: string; title: string; summary: NoteSummary; none: string; lead?: string }) {
  const { id, summary } = props;
  const shown = summary.lines;
  return (
    <section className={styles.notes} aria-labelledby={id}>
      <h3 id={id}>
        {props.title} ({summary.count.toLocaleString("es-ES")})
      </h3>
      {summary.count === 0 ? (
        <p className={styles.hint}>{props.none}</p>
      ) : (
        <>
          {props.lead && <p className={styles.hint}>{props.lead}</p>}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard (axe: scrollable-region-focusable). */}
          <ul className={styles.noteList} lang="en" tabIndex={0} aria-labelledby={id}>
            {shown.map((note, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the importer's lines may repeat, and never move.
              <li key={index}>{note}</li>
            ))}
          </ul>
          {shown.length < summary.count && <p className={styles.hint}>{notesShownLine(summary)}</p>}
        </>
      )}
    </section>
  );
}

/**
 * Which products the counts are (the report names the first 100 of each): each opens its page in
 * the catalogue; a new one only once it is there.
 */
export function ReportIds({ report, applied }: { report: CatalogImportReport; applied: boolean }) {
  const groups = [
    { label: "Nuevos", group: report.added, linked: applied },
    { label: "Cambiados", group: report.changed, linked: true },
    {
      label: applied && report.hidMissing ? "Ocultados" : "No están en el archivo",
      group: report.missing,
      linked: true,
    },
  ].filter(({ group }) => group.count > 0);
  if (groups.length === 0) return null;
  return (
    <details className={styles.ids}>
      <summary>Ver qué productos</summary>
      <dl>
        {groups.map(({ label, group, linked }) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <ul className={styles.idList}>
                {group.ids.map((id) => (
                  <li key={id}>
                    {linked ? <Link to={backOfficePaths.catalogProduct(String(id))}>{id}</Link> : id}
                  </li>
                ))}
              </ul>
              {group.count > group.ids.length && (
                <span className={styles.hint}>
                  {" "}
                  y {(group.count - group.ids.length).toLocaleString("es-ES")} más
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
