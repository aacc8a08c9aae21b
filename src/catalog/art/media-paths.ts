/**
 * Pure helpers for the shop's generated pictures. No Node imports: the web app uses them to
 * build <picture> srcsets, and scripts/build-media.ts to name the files it writes.
 */

export const RASTER_WIDTHS = [320, 640] as const;
export type RasterWidth = (typeof RASTER_WIDTHS)[number];
export type RasterVariant = { width: RasterWidth; avif: string; webp: string };

/**
 * "/media/products/12-1.svg" → its AVIF and WebP versions at each raster width. Only a drawn
 * picture (an SVG) has them: a shop owner's own photo under /media/ is served as it is.
 */
export function rasterVariants(svgPath: string): RasterVariant[] {
  if (!/\.svg$/i.test(svgPath)) return [];
  const base = svgPath.replace(/\.svg$/i, "");
  return RASTER_WIDTHS.map((width) => ({
    width,
    avif: `${base}.w${width}.avif`,
    webp: `${base}.w${width}.webp`,
  }));
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
