import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { rasterVariants } from "#catalog/art/media-paths.ts";
import { PICTURE_TYPES, type UploadedPicture } from "#shared/api/back-office-picture-contract.ts";
import { pictureErrorMessage, pictureFileProblem, uploadPicture } from "../api/upload-picture.ts";
import styles from "./picture-upload.module.css";

type PictureUploadProps = {
  /** Called with the uploaded picture's path (a product's `imagen`) and its 640 px size. */
  onUploaded: (image: string, picture: UploadedPicture) => void;
  /** The picture shown before anything is uploaded (the product's own), if any. */
  current?: string;
  /** The file input's label. */
  label?: string;
};

type State =
  | { kind: "idle" }
  | { kind: "sending"; sent: number; preview: string | null }
  | { kind: "done"; picture: UploadedPicture }
  | { kind: "failed"; message: string };

/** What the preview shows: the file being sent, else the last one uploaded, else the product's. */
function shownPicture(state: State, uploaded: UploadedPicture | null, current: string | undefined) {
  if (state.kind === "sending") return state.preview;
  if (uploaded) return smallOf(uploaded.image);
  return current ? smallOf(current) : null;
}

/** The file as a data: URL (the CSP allows data: pictures, not blob: ones), or null if unread. */
function readPreview(file: File): Promise<string | null> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === "string" ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(file);
  });
}

/** The small WebP of an uploaded picture, or the path as it is for any other picture. */
const smallOf = (image: string) => rasterVariants(image)[0]?.webp ?? image;

/**
 * «Foto del producto» (issue 32, decision 055): a file input that uploads the chosen picture at
 * once, shows it while it goes (with how much is sent) and then as the shop keeps it, and says
 * in Spanish why one is refused. The product page it sits in saves the path it is given.
 */
export function PictureUpload({ onUploaded, current, label = "Foto del producto" }: PictureUploadProps) {
  const id = useId();
  const [state, setState] = useState<State>({ kind: "idle" });
  const [uploaded, setUploaded] = useState<UploadedPicture | null>(null);
  const sending = useRef<AbortController | null>(null);
  useEffect(() => () => sending.current?.abort(), []);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    const problem = pictureFileProblem(file);
    if (problem || !file) {
      setState({ kind: "failed", message: pictureErrorMessage(problem) });
      return;
    }
    sending.current?.abort();
    const controller = new AbortController();
    sending.current = controller;
    setState({ kind: "sending", sent: 0, preview: null });
    void readPreview(file).then((preview) =>
      setState((now) =>
        now.kind === "sending" && sending.current === controller ? { ...now, preview } : now,
      ),
    );
    try {
      const picture = await uploadPicture(file, {
        signal: controller.signal,
        onProgress: (sent) => setState((now) => (now.kind === "sending" ? { ...now, sent } : now)),
      });
      setState({ kind: "done", picture });
      setUploaded(picture);
      onUploaded(picture.image, picture);
    } catch (failure) {
      if (controller.signal.aborted) {
        if (sending.current === controller) setState({ kind: "idle" });
        return;
      }
      setState({ kind: "failed", message: pictureErrorMessage(failure) });
    } finally {
      if (sending.current === controller) sending.current = null;
      input.value = "";
    }
  };

  const shown = shownPicture(state, uploaded, current);
  const sent = state.kind === "sending" ? state.sent : 0;
  const percent = new Intl.NumberFormat("es", { style: "percent", maximumFractionDigits: 0 }).format(sent);
  return (
    <div className={styles.upload}>
      <div className={styles.preview}>
        {shown ? (
          <img src={shown} alt="Vista previa de la foto" className={styles.image} />
        ) : (
          <span className={styles.empty}>Sin foto</span>
        )}
      </div>
      <div className={styles.controls}>
        <label htmlFor={`${id}-file`} className={styles.label}>
          {label}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept={PICTURE_TYPES.join(",")}
          disabled={state.kind === "sending"}
          onChange={(event) => void choose(event)}
          aria-describedby={`${id}-hint`}
          className={styles.input}
        />
        <span id={`${id}-hint`} className={styles.hint}>
          JPEG, PNG, WebP, AVIF o GIF, hasta 10 MB. La tienda la guarda en 320 y 640 px.
        </span>
        {state.kind === "sending" && (
          <div className={styles.progress}>
            <progress max={1} value={sent} aria-label="Foto enviada" />
            <span>{sent < 1 ? `Subiendo… ${percent}` : "Preparando la foto…"}</span>
            <button type="button" className={styles.cancel} onClick={() => sending.current?.abort()}>
              Cancelar
            </button>
          </div>
        )}
        {state.kind === "failed" && (
          <p className={styles.error} role="alert">
            {state.message}
          </p>
        )}
        {/* Always there, so the news is read out when it fills. */}
        <p role="status" className={styles.done}>
          {state.kind === "done" ? `Foto subida (${state.picture.width} × ${state.picture.height} px).` : ""}
        </p>
      </div>
    </div>
  );
}
