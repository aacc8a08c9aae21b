import { useEffect, useRef, useState } from "react";
import type { CatalogImportReport } from "#shared/api/back-office-catalog-contract.ts";
import shared from "../../back-office.module.css";
import { FormMessage } from "../../components/form-message.tsx";
import styles from "./catalog-import.module.css";
import { applyEffect, hideMissingHint, hideMissingLabel } from "./catalog-import-labels.ts";

/**
 * The import's step: whether to hide what the file lacks (unchecked: they stay as they are), and
 * the import, asked twice. The question says what it will do, with the focus on «Cancelar», so a
 * second Enter changes nothing.
 */
export function ImportApply(props: {
  report: CatalogImportReport;
  busy: boolean;
  applying: boolean;
  failure: string | null;
  onApply: (hideMissing: boolean) => void;
}) {
  const { report } = props;
  const [hideMissing, setHideMissing] = useState(false);
  const [asking, setAsking] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  const ask = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (asking) cancel.current?.focus();
    else if (wasAsking.current) ask.current?.focus();
    wasAsking.current = asking;
  }, [asking]);
  // A refusal brings the first button back, to try again.
  useEffect(() => {
    if (props.failure) setAsking(false);
  }, [props.failure]);

  return (
    <div className={styles.apply}>
      {report.missing.count > 0 && (
        <div className={styles.field}>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={hideMissing}
              disabled={asking}
              aria-describedby="catalog-import-hide-hint"
              onChange={(event) => setHideMissing(event.currentTarget.checked)}
            />
            {hideMissingLabel(report.missing.count)}
          </label>
          <p id="catalog-import-hide-hint" className={styles.hint}>
            {hideMissingHint(report.missing.count)}
          </p>
        </div>
      )}
      <FormMessage message={props.failure} />
      {asking ? (
        <fieldset className={styles.confirm}>
          <legend className={styles.strong}>
            ¿Aplicar la importación? {applyEffect(report, hideMissing)}
          </legend>
          <p>Se aplica todo a la vez: si algo falla, el catálogo queda como estaba.</p>
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.primary}
              disabled={props.busy}
              onClick={() => props.onApply(hideMissing)}
            >
              {props.applying ? "Aplicando…" : "Sí, aplicar"}
            </button>
            <button
              type="button"
              ref={cancel}
              className={shared.secondary}
              disabled={props.busy}
              onClick={() => setAsking(false)}
            >
              Cancelar
            </button>
          </div>
        </fieldset>
      ) : (
        <button
          type="button"
          ref={ask}
          className={styles.primary}
          disabled={props.busy}
          onClick={() => setAsking(true)}
        >
          Aplicar la importación
        </button>
      )}
    </div>
  );
}
