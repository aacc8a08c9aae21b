import {
  PICTURE_FIELD,
  PICTURE_MAX_BYTES,
  PICTURE_TYPES,
  type PictureErrorCode,
  pictureApi,
  pictureErrorCodes,
  type UploadedPicture,
  uploadedPictureSchema,
} from "#shared/api/back-office-picture-contract.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { staffApiError } from "./staff-api-error.ts";
import { staffErrorMessage } from "./staff-error-message.ts";

/**
 * A refusal known before sending: no file, or one the server would refuse by its size or type
 * (decision 055). The server decides by the file's bytes; this only spares a 10 MB upload.
 */
export function pictureFileProblem(file: File | undefined): PictureErrorCode | null {
  if (!file || file.size === 0) return "picture-missing";
  if (file.size > PICTURE_MAX_BYTES) return "picture-too-large";
  const known: readonly string[] = PICTURE_TYPES;
  if (file.type !== "" && !known.includes(file.type)) return "picture-type";
  return null;
}

/** The upload's answer: the kept picture (201), or the refusal as the staff API's error. */
export function pictureAnswer(status: number, statusText: string, text: string): UploadedPicture {
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // A proxy's HTML page, or nothing: the status speaks.
  }
  if (status !== 201) throw staffApiError({ status, statusText }, body);
  return uploadedPictureSchema.parse(body);
}

export type UploadOptions = {
  /** How much of the file has been sent, from 0 to 1. */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
};

/**
 * `POST /api/gestion/pictures` with the file in its form field. By XMLHttpRequest, not fetch:
 * fetch tells nothing of an upload's progress. The session cookie goes with it (same origin), and
 * the browser sends the Origin the API's write check reads. A lost connection rejects with a
 * TypeError, as fetch's does; a cancelled upload with an AbortError.
 */
export function uploadPicture(
  file: Blob,
  { onProgress, signal }: UploadOptions = {},
): Promise<UploadedPicture> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", pictureApi.upload);
    request.setRequestHeader("accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      try {
        resolve(pictureAnswer(request.status, request.statusText, request.responseText));
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () => reject(new TypeError("The picture could not be sent"));
    request.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    if (signal?.aborted) return reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    const form = new FormData();
    form.set(PICTURE_FIELD, file);
    request.send(form);
  });
}

const messages: Readonly<Record<PictureErrorCode, string>> = {
  "picture-missing": "Elige una foto para subirla.",
  "picture-too-large": "La foto ocupa más de 10 MB. Redúcela o elige otra.",
  "picture-too-many-pixels":
    "La foto tiene demasiados píxeles: como mucho 40 megapíxeles (por ejemplo, 8000 × 5000).",
  "picture-type": "Ese archivo no es una foto que acepte la tienda. Usa JPEG, PNG, WebP, AVIF o GIF.",
  "picture-unreadable": "No se ha podido leer la foto; puede estar dañada. Vuelve a guardarla o elige otra.",
  "picture-busy": "La tienda está procesando otras fotos. Vuelve a intentarlo en unos segundos.",
};

const isPictureCode = (code: string): code is PictureErrorCode =>
  (pictureErrorCodes as readonly string[]).includes(code);

/** What a refused or failed upload says to the staff member, in Spanish. */
export function pictureErrorMessage(failure: unknown): string {
  if (typeof failure === "string" && isPictureCode(failure)) return messages[failure];
  if (failure instanceof ApiError && isPictureCode(failure.code)) return messages[failure.code];
  return staffErrorMessage(failure);
}
