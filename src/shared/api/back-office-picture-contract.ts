import { z } from "zod";
import { uploadedPictureHash } from "#catalog/art/media-paths.ts";

/**
 * Product pictures uploaded in the back office (issue 32, decision 055): `POST
 * /api/gestion/pictures`, multipart/form-data with one file in the field `picture`. The server
 * keeps the picture as AVIF and WebP at 320 and 640 px and answers with the path a product's
 * `imagen` takes.
 */
export const pictureApi = { upload: "/api/gestion/pictures" } as const;

/** The form field that carries the file. */
export const PICTURE_FIELD = "picture";

/** The largest file taken, in bytes (10 MB). */
export const PICTURE_MAX_BYTES = 10 * 1024 * 1024;

/** The most pixels a picture may have (about 40 megapixels: 8,000 × 5,000). */
export const PICTURE_MAX_PIXELS = 40_000_000;

/** What the file input offers; the server decides by the file's bytes, not by this. */
export const PICTURE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"] as const;

/**
 * Why a picture is refused: no file in `picture` (400), a file over 10 MB (413), more than 40
 * megapixels (413), not a JPEG, PNG, WebP, AVIF or GIF (SVG included; 415), bytes that do not
 * decode as the picture they claim to be (422); `picture-busy` (503) when too many pictures wait
 * to be processed.
 */
export const pictureErrorCodes = [
  "picture-missing",
  "picture-too-large",
  "picture-too-many-pixels",
  "picture-type",
  "picture-unreadable",
  "picture-busy",
] as const;
export type PictureErrorCode = (typeof pictureErrorCodes)[number];

/** The 201 answer: the picture's path (a product's `imagen`) and its 640 px version's size. */
export const uploadedPictureSchema = z.object({
  image: z.string().refine((path) => uploadedPictureHash(path) !== undefined, "image-invalid"),
  width: z.number().int().min(1).max(640),
  height: z.number().int().min(1).max(640),
});
export type UploadedPicture = z.infer<typeof uploadedPictureSchema>;
