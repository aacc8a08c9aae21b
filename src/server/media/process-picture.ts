import { createHash } from "node:crypto";
import type { default as loadedSharp, OutputInfo, Sharp, SharpOptions } from "sharp";
import { RASTER_WIDTHS, type RasterWidth, uploadedFileName } from "#catalog/art/media-paths.ts";
import { avifOptions, webpOptions } from "#catalog/art/raster-encoding.ts";
import {
  PICTURE_MAX_BYTES,
  PICTURE_MAX_PIXELS,
  type PictureErrorCode,
} from "#shared/api/back-office-picture-contract.ts";
import { type PictureFormat, sniffPictureFormat } from "./picture-format.ts";
import { createWorkLimit, WorkLimitFull } from "./work-limit.ts";

/** Why a picture was refused, by the contract's code, with a message for the log. */
export class PictureError extends Error {
  readonly code: PictureErrorCode;
  constructor(code: PictureErrorCode, message: string) {
    super(message);
    this.name = "PictureError";
    this.code = code;
  }
}

/** One file of a processed picture, named as the uploads folder keeps it. */
export type PictureFile = { name: string; width: number; height: number; bytes: Buffer };
export type ProcessedPicture = { hash: string; files: PictureFile[] };

/**
 * What the files of a picture are made with. Part of its hash: a change of settings names new
 * files instead of rewriting ones browsers keep for a year (decision 055).
 */
const PROCESSING = JSON.stringify({ avifOptions, webpOptions, RASTER_WIDTHS, version: 1 });

/** The name of a picture: the first 128 bits of SHA-256 over the processing and the source bytes. */
export function pictureHash(bytes: Uint8Array): string {
  return createHash("sha256").update(PROCESSING).update("\n").update(bytes).digest("hex").slice(0, 32);
}

/** The size limit, in bytes, first: nothing decodes a file that is too large. */
export function checkPictureSize(bytes: Uint8Array): void {
  if (bytes.byteLength > PICTURE_MAX_BYTES) {
    throw new PictureError("picture-too-large", `${bytes.byteLength} bytes, over ${PICTURE_MAX_BYTES}`);
  }
}

type SharpModule = typeof loadedSharp;
let loaded: Promise<SharpModule> | undefined;
/** sharp, loaded on the first upload: a process that never processes a picture never loads libvips. */
function loadSharp() {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    // Each upload is new: libvips' operation cache would only hold memory.
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

/** The size of a file this module made (a kept picture's 640 px WebP). */
export async function keptPictureSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  const { width, height } = await sharp(bytes).metadata();
  return { width, height };
}

/** Two pictures processed at once, eight more waiting; beyond that the upload is answered busy. */
const processing = createWorkLimit(2, 8);

/**
 * A staff member's picture (decision 055) as the shop serves it: turned by its EXIF orientation,
 * without its metadata (camera, place), fitted in 640 and 320 px squares (never enlarged: a
 * small picture gives two files of its own size), each as AVIF and WebP, with the settings of
 * the drawn pictures. JPEG, PNG, WebP, AVIF and GIF (its first frame) are taken; anything else,
 * a file over 10 MB, over 40 megapixels or that does not decode is a `PictureError`.
 */
export async function processPicture(bytes: Uint8Array): Promise<ProcessedPicture> {
  checkPictureSize(bytes);
  const format = sniffPictureFormat(bytes);
  if (!format) throw new PictureError("picture-type", "not a JPEG, PNG, WebP, AVIF or GIF file");
  const hash = pictureHash(bytes);
  const sharp = await loadSharp();
  const input = (): Sharp => sharp(bytes, readOptions);
  try {
    return await processing(async () => {
      await checkDecodable(input, format);
      return { hash, files: await encodeAll(sharp, input, hash) };
    });
  } catch (error) {
    if (error instanceof PictureError) throw error;
    if (error instanceof WorkLimitFull) throw new PictureError("picture-busy", "too many pictures waiting");
    throw unreadable(error);
  }
}

/**
 * Untrusted input: the pixel limit before decoding, the first frame only, and a decoding error
 * or a truncated file fails (a mere warning, as odd cameras' JPEGs give, does not).
 */
const readOptions: SharpOptions = {
  failOn: "error",
  limitInputPixels: PICTURE_MAX_PIXELS,
  pages: 1,
  autoOrient: true,
};

/** How sharp names the formats the sniffer allows (an AVIF file is HEIF compressed with AV1). */
const SHARP_FORMATS: Record<PictureFormat, string> = {
  jpeg: "jpeg",
  png: "png",
  webp: "webp",
  avif: "heif",
  gif: "gif",
};

/** The header agrees with the sniffed format and names at most 40 megapixels. */
async function checkDecodable(input: () => Sharp, format: PictureFormat): Promise<void> {
  const meta = await input().metadata();
  const sameFormat =
    meta.format === SHARP_FORMATS[format] && (format !== "avif" || meta.compression === "av1");
  if (!sameFormat) throw new PictureError("picture-type", `${format} file read as ${meta.format}`);
  const height = meta.pageHeight ?? meta.height;
  if (meta.width * height > PICTURE_MAX_PIXELS) {
    throw new PictureError("picture-too-many-pixels", `${meta.width} × ${height} pixels`);
  }
}

type Pixels = { data: Buffer; info: OutputInfo };
const rawOf = ({ info }: Pixels) => ({
  raw: { width: info.width, height: info.height, channels: info.channels },
});

/**
 * Decoded, turned and fitted in 640 px once, as 8-bit sRGB pixels; the 320 px version is made
 * from those, and each size is encoded twice. A decoding failure surfaces here.
 */
async function encodeAll(sharp: SharpModule, input: () => Sharp, hash: string): Promise<PictureFile[]> {
  const fitted = (image: Sharp, width: RasterWidth) =>
    image.resize(width, width, { fit: "inside", withoutEnlargement: true }).raw({ depth: "uchar" });
  const files: PictureFile[] = [];
  let largest: Pixels | undefined;
  for (const width of [...RASTER_WIDTHS].sort((a, b) => b - a)) {
    const image = largest ? sharp(largest.data, rawOf(largest)) : input().toColourspace("srgb");
    const pixels: Pixels = await fitted(image, width).toBuffer({ resolveWithObject: true });
    largest ??= pixels;
    for (const format of ["avif", "webp"] as const) {
      const raw = sharp(pixels.data, rawOf(pixels));
      const bytes = await (format === "avif" ? raw.avif(avifOptions) : raw.webp(webpOptions)).toBuffer();
      const name = uploadedFileName(hash, width, format);
      files.push({ name, width: pixels.info.width, height: pixels.info.height, bytes });
    }
  }
  return files;
}

function unreadable(error: unknown): PictureError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new PictureError("picture-too-many-pixels", message);
  return new PictureError("picture-unreadable", message);
}
