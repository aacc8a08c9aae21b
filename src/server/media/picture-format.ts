/** The kinds of picture the back office takes (decision 055). */
export type PictureFormat = "jpeg" | "png" | "webp" | "avif" | "gif";

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length));

/** AVIF's brands: a still picture or a sequence (whose first frame is taken). */
const AVIF_BRANDS = new Set(["avif", "avis"]);

/**
 * The picture format a file's first bytes announce, or undefined for anything else: SVG, HEIC,
 * TIFF, PDF, text. Decided before any decoder sees the bytes, so that only the five decoders the
 * shop needs ever read what staff upload (an SVG would be drawn by librsvg, with its own attack
 * surface, and may name other files).
 */
export function sniffPictureFormat(bytes: Uint8Array): PictureFormat | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return "gif";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "webp";
  if (ascii(bytes, 4, 4) === "ftyp" && isAvif(bytes)) return "avif";
  return undefined;
}

/** An ISO-BMFF `ftyp` box whose major or a compatible brand is AVIF's. */
function isAvif(bytes: Uint8Array): boolean {
  const size = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  const end = Math.min(size, bytes.byteLength, 256);
  if (size < 16) return false;
  if (AVIF_BRANDS.has(ascii(bytes, 8, 4))) return true;
  for (let at = 16; at + 4 <= end; at += 4) if (AVIF_BRANDS.has(ascii(bytes, at, 4))) return true;
  return false;
}
