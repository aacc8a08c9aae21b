import { type FormEvent, useRef, useState } from "react";
import shared from "../../back-office.module.css";
import { FormMessage } from "../../components/form-message.tsx";
import styles from "./catalog-import.module.css";
import { type CatalogFile, readCatalogFile } from "./catalog-import-file.ts";
import { fileProblemMessage } from "./catalog-import-labels.ts";

/**
 * The file's step: a .json file chosen, read in the browser and checked (size, JSON) before it is
 * sent for its preview. Choosing another file drops the report of the last one.
 */
export function ImportFileForm(props: {
  /** A call on its way: the file's preview, or the import (or its preview again, below). */
  busy: "file" | "apply" | null;
  failure: string | null;
  onChosen: () => void;
  onProblem: (text: string) => void;
  onRead: (file: CatalogFile) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setReading(true);
    try {
      const read = await readCatalogFile(input.current?.files?.[0]);
      if (read.ok) props.onRead(read.file);
      else {
        props.onProblem(fileProblemMessage(read.problem));
        input.current?.focus();
      }
    } finally {
      setReading(false);
    }
  };
  const previewing = reading || props.busy === "file";
  const waiting = previewing || props.busy !== null;
  return (
    <form
      method="post"
      className={shared.form}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Archivo del catálogo"
    >
      <div className={styles.field}>
        <label htmlFor="catalog-import-file">Archivo del catálogo (.json)</label>
        <input
          ref={input}
          id="catalog-import-file"
          name="file"
          type="file"
          accept=".json,application/json"
          className={styles.file}
          aria-describedby="catalog-import-file-hint"
          aria-invalid={props.failure ? true : undefined}
          // Another file chosen while this one's answer is on its way would get this one's report.
          disabled={props.busy !== null}
          onChange={props.onChosen}
        />
        <span id="catalog-import-file-hint" className={styles.hint}>
          Los productos en el formato de archivo del catálogo, hasta 50 MB. Primero verás lo que cambiaría:
          nada cambia hasta que apliques la importación.
        </span>
      </div>
      <FormMessage message={props.failure} />
      <button type="submit" className={styles.primary} disabled={waiting}>
        {previewing ? "Preparando la vista previa…" : "Ver la vista previa"}
      </button>
    </form>
  );
}
