import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { CatalogImportReport } from "#shared/api/back-office-catalog-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { Link } from "#web/lib/routing.tsx";
import { catalogKey } from "../catalog/catalog-calls.ts";
import { stockKey } from "../stock/stock-calls.ts";
import styles from "./catalog-import.module.css";
import { applyImport, type ImportAnswer, previewImport } from "./catalog-import-calls.ts";
import type { CatalogFile } from "./catalog-import-file.ts";
import { appliedLines, changesSomething, importErrorMessage } from "./catalog-import-labels.ts";
import { ImportApply } from "./import-apply.tsx";
import { ImportFileForm } from "./import-file-form.tsx";
import { ImportRefusal, ImportReportView, ReportIds } from "./import-report.tsx";

/** Where the import stands: each step after the first keeps the file it is about. */
type Step =
  | { kind: "choose" }
  | { kind: "refused"; file: CatalogFile; errors: string[] }
  | { kind: "previewed"; file: CatalogFile; report: CatalogImportReport }
  | { kind: "changed"; file: CatalogFile }
  | { kind: "applied"; file: CatalogFile; report: CatalogImportReport };

const headings: Readonly<Record<Exclude<Step["kind"], "choose">, string>> = {
  refused: "El archivo tiene errores",
  previewed: "Vista previa",
  changed: "El catálogo ha cambiado",
  applied: "Importación aplicada",
};

/** A failed call, said beside what sent it: the file's form, or the import's button. */
type Failure = { text: string; at: "file" | "apply" };

/**
 * The import's steps (issue 32): the file, its preview (nothing written), and the import applied
 * on the preview's revision. A catalogue changed in between refuses the import (409): the same
 * file is previewed again, and the owner confirms the new report.
 */
export function CatalogImport() {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: "choose" });
  const [busy, setBusy] = useState<Failure["at"] | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (step.kind !== "choose") heading.current?.focus();
  }, [step]);

  const run = async (at: Failure["at"], call: () => Promise<void>) => {
    setBusy(at);
    setFailure(null);
    try {
      await call();
    } catch (error) {
      setFailure({ text: importErrorMessage(error), at });
    } finally {
      setBusy(null);
    }
  };
  const stepOf = (file: CatalogFile, answer: ImportAnswer, done: "previewed" | "applied"): Step =>
    answer.kind === "report"
      ? { kind: done, file, report: answer.report }
      : answer.kind === "refused"
        ? { kind: "refused", file, errors: answer.errors }
        : { kind: "changed", file };
  const preview = (file: CatalogFile, at: Failure["at"] = "file") =>
    run(at, async () => setStep(stepOf(file, await previewImport(file.text), "previewed")));
  const apply = (file: CatalogFile, report: CatalogImportReport, hideMissing: boolean) =>
    run("apply", async () => {
      const answer = await applyImport(file.text, report.revision, hideMissing);
      if (answer.kind === "report")
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: catalogKey }),
          queryClient.invalidateQueries({ queryKey: stockKey }),
        ]);
      setStep(stepOf(file, answer, "applied"));
    });

  return (
    <>
      <ImportFileForm
        busy={busy}
        failure={failure?.at === "file" ? failure.text : null}
        onProblem={(text) => {
          setStep({ kind: "choose" });
          setFailure({ text, at: "file" });
        }}
        onChosen={() => {
          // The report on screen is another file's.
          setStep({ kind: "choose" });
          setFailure(null);
        }}
        onRead={(file) => void preview(file)}
      />
      {step.kind === "choose" ? null : (
        <section className={styles.result} aria-labelledby="catalog-import-result">
          <h2 id="catalog-import-result" ref={heading} tabIndex={-1}>
            {headings[step.kind]}
          </h2>
          {step.kind === "refused" && <ImportRefusal file={step.file} errors={step.errors} />}
          {step.kind === "previewed" && (
            <>
              <ImportReportView file={step.file} report={step.report} />
              {changesSomething(step.report) ? (
                <ImportApply
                  report={step.report}
                  busy={busy !== null}
                  applying={busy === "apply"}
                  failure={failure?.at === "apply" ? failure.text : null}
                  onApply={(hideMissing) => void apply(step.file, step.report, hideMissing)}
                />
              ) : (
                <p className={styles.strong}>El archivo coincide con el catálogo: no hay nada que aplicar.</p>
              )}
            </>
          )}
          {step.kind === "changed" && (
            <Changed
              busy={busy}
              failure={failure?.at === "apply" ? failure.text : null}
              onPreview={() => void preview(step.file, "apply")}
            />
          )}
          {step.kind === "applied" && <Applied report={step.report} />}
        </section>
      )}
    </>
  );
}

/** 409: someone changed the catalogue after the preview; nothing was applied. */
function Changed(props: { busy: Failure["at"] | null; failure: string | null; onPreview: () => void }) {
  return (
    <>
      <p role="alert" className={styles.warning}>
        El catálogo ha cambiado desde la vista previa; vuelve a previsualizar.
      </p>
      <p>No se ha aplicado nada. La nueva vista previa cuenta con los cambios hechos mientras tanto.</p>
      {props.failure && (
        <p role="alert" className={styles.error}>
          {props.failure}
        </p>
      )}
      <button
        type="button"
        className={styles.primary}
        disabled={props.busy !== null}
        onClick={props.onPreview}
      >
        {props.busy === "apply" ? "Preparando la vista previa…" : "Volver a previsualizar"}
      </button>
    </>
  );
}

function Applied({ report }: { report: CatalogImportReport }) {
  return (
    <>
      <div role="status" className={styles.done}>
        {appliedLines(report).map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      <ReportIds report={report} applied />
      <p>
        <Link to={backOfficePaths.catalog()} className={styles.primary}>
          Volver al catálogo
        </Link>
      </p>
    </>
  );
}
