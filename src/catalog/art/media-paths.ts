/**
 * Pure helpers for the shop's own pictures, drawn or uploaded. No Node imports: the web app uses
 * them to build <picture> srcsets, scripts/build-media.ts and server/media to name the files they
 * write.
 */

export const RASTER_WIDTHS = [320, 640] as const;
export type RasterWidth = (typeof RASTER_WIDTHS)[number];
export type RasterVariant = { width: RasterWidth; avif: string; webp: string };

/**
 * "/media/products/12-1.svg" → its AVIF and WebP versions at each raster width, beside it. A
 * picture staff uploaded, "/media/uploads/<hash>.w640.webp" (decision 055), → its four files.
 * Any other picture (a shop owner's own photo under /media/, an external URL) has none: it is
 * served as it is.
 */
export function rasterVariants(picturePath: string): RasterVariant[] {
  const uploaded = uploadedPictureHash(picturePath);
  if (uploaded !== undefined) {
    return RASTER_WIDTHS.map((width) => ({
      width,
      avif: `${UPLOADS_PATH}${uploadedFileName(uploaded, width, "avif")}`,
      webp: `${UPLOADS_PATH}${uploadedFileName(uploaded, width, "webp")}`,
    }));
  }
  if (!/\.svg$/i.test(picturePath)) return [];
  const base = picturePath.replace(/\.svg$/i, "");
  return RASTER_WIDTHS.map((width) => ({
    width,
    avif: `${base}.w${width}.avif`,
    webp: `${base}.w${width}.webp`,
  }));
}

/** Where uploaded pictures are served: one flat folder of content-addressed files (decision 055). */
export const UPLOADS_PATH = "/media/uploads/";
export type RasterFormat = "avif" | "webp";
/** An uploaded picture's name: the first 32 hex digits of a SHA-256 (see server/media). */
const HASH = "[0-9a-f]{32}";
const uploadedPicturePattern = new RegExp(`^/media/uploads/(${HASH})\\.w640\\.webp$`);
/** Every file name the uploads folder may serve; anything else there is never read. */
export const uploadedFilePattern = new RegExp(`^(${HASH})\\.w(320|640)\\.(avif|webp)$`);

export function uploadedFileName(hash: string, width: RasterWidth, format: RasterFormat): string {
  return `${hash}.w${width}.${format}`;
}

/** What a product's `imagen` holds for an uploaded picture: its 640 px WebP. */
export function uploadedPicturePath(hash: string): string {
  return `${UPLOADS_PATH}${uploadedFileName(hash, 640, "webp")}`;
}

/** The hash of an uploaded picture's path ("/media/uploads/<hash>.w640.webp"), if it is one. */
export function uploadedPictureHash(picturePath: string): string | undefined {
  return uploadedPicturePattern.exec(picturePath)?.[1];
}

const mediaPathPattern = /\/media\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.svg/g;

/**
 * The generated-picture paths inside an image field. Some source values hold two URLs joined
 * together (spec §3), so a field can yield several; values not starting with /media/ yield none.
 */
export function mediaPathsIn(value: string): string[] {
  if (!value.startsWith("/media/")) return [];
  return value.match(mediaPathPattern) ?? [];
}

/** "/media/products/12-2.svg" → 2: the numbered extra picture a file name stands for, if any. */
export function extraImageNumber(svgPath: string): 1 | 2 | 3 | undefined {
  const match = /-([1-3])\.svg$/i.exec(svgPath);
  const n = Number(match?.[1]);
  return n === 1 || n === 2 || n === 3 ? n : undefined;
}
