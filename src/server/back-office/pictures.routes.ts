import { type Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { uploadedPictureHash } from "#catalog/art/media-paths.ts";
import {
  PICTURE_FIELD,
  PICTURE_MAX_BYTES,
  type PictureErrorCode,
  pictureApi,
} from "#shared/api/back-office-picture-contract.ts";
import { recordAudit } from "../audit/staff-audit.ts";
import type { LargerBody } from "../http/answer-policy.ts";
import { apiError } from "../http/validate.ts";
import { keepPicture } from "../media/keep-picture.ts";
import { PictureError } from "../media/process-picture.ts";
import type { StaffEnv } from "../staff/staff-guard.ts";
import type { BackOfficeDeps } from "./back-office-deps.ts";

const STATUS: Record<PictureErrorCode, ContentfulStatusCode> = {
  "picture-missing": 400,
  "picture-too-large": 413,
  "picture-too-many-pixels": 422,
  "picture-type": 415,
  "picture-unreadable": 422,
  "picture-busy": 503,
};

const MESSAGES: Record<PictureErrorCode, string> = {
  "picture-missing": `Send one file in the multipart/form-data field "${PICTURE_FIELD}"`,
  "picture-too-large": "The picture is over 10 MB",
  "picture-too-many-pixels": "The picture has more than 40 megapixels",
  "picture-type": "Send a JPEG, PNG, WebP, AVIF or GIF picture",
  "picture-unreadable": "The file could not be read as a picture",
  "picture-busy": "Too many pictures are being processed; try again in a moment",
};

const refuse = (c: Context, code: PictureErrorCode) => c.json(apiError(code, MESSAGES[code]), STATUS[code]);

/**
 * The API's one body over 64 KiB (decision 055): an upload's, up to 10 MB of picture and the
 * form's few lines, judged by the API's body limit before anything reads it (its Content-Length,
 * or counted as it comes), and before the staff guard.
 */
export const PICTURE_UPLOAD_BODY: LargerBody = {
  path: pictureApi.upload,
  maxSize: PICTURE_MAX_BYTES + 16 * 1024,
  onError: (c) => refuse(c, "picture-too-large"),
};

/** The picture's file in a multipart form, or undefined when there is none (or no form at all). */
async function pictureIn(c: Context): Promise<File | undefined> {
  if (!/^multipart\/form-data\b/i.test(c.req.header("content-type") ?? "")) return undefined;
  const form = await c.req.raw.formData().catch(() => undefined);
  const file = form?.get(PICTURE_FIELD);
  return file instanceof File && file.size > 0 ? file : undefined;
}

/**
 * `POST /api/gestion/pictures` (issue 32, decision 055): any staff member uploads a product
 * picture; it is processed, kept in the picture store and audited (`picture.upload`). The answer
 * is the path a product's `imagen` takes; the product's edit is another route's.
 */
export function pictureRoutes({ db, pictures }: Pick<BackOfficeDeps, "db" | "pictures">) {
  return new Hono<StaffEnv>().post("/", async (c) => {
    const file = await pictureIn(c);
    if (!file) return refuse(c, "picture-missing");
    if (file.size > PICTURE_MAX_BYTES) return refuse(c, "picture-too-large");
    let kept: Awaited<ReturnType<typeof keepPicture>>;
    try {
      kept = await keepPicture(pictures, new Uint8Array(await file.arrayBuffer()));
    } catch (error) {
      if (error instanceof PictureError) return refuse(c, error.code);
      throw error;
    }
    await recordAudit(db, c.get("staff"), {
      action: "picture.upload",
      subjectType: "picture",
      subjectId: uploadedPictureHash(kept.image) ?? kept.image,
      after: { ...kept, bytes: file.size, type: file.type },
    });
    return c.json(kept, 201);
  });
}
