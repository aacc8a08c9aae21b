import { gunzipSync } from "node:zlib";
import { HOLE_MARKER, type HoleId, isHoleId } from "#shared/personal-holes.ts";
import { deflatePiece, gzipOf, type Piece } from "./gzip-splice.ts";

/** A page drawn with its personal holes marked, cut at them: one more text than holes. */
export type TemplateText = { texts: string[]; holes: HoleId[] };

/** The same, kept compressed piece by piece, ready to splice (decision 020). */
export type PageTemplate = { pieces: Piece[]; holes: HoleId[]; bytes: number };

export function splitTemplate(html: string): TemplateText {
  const texts: string[] = [];
  const holes: HoleId[] = [];
  let from = 0;
  for (const match of html.matchAll(HOLE_MARKER)) {
    const id = match[1] ?? "";
    if (!isHoleId(id)) throw new Error(`Unknown personal hole "${id}"`);
    texts.push(html.slice(from, match.index));
    holes.push(id);
    from = match.index + match[0].length;
  }
  texts.push(html.slice(from));
  return { texts, holes };
}

/** The page with each hole filled (fills in the holes' order). */
export function fillTemplate({ texts, holes }: TemplateText, fills: readonly string[]): string {
  if (fills.length !== holes.length) throw new Error("One fill per hole");
  let html = texts[0] ?? "";
  for (let index = 0; index < holes.length; index += 1) html += `${fills[index]}${texts[index + 1]}`;
  return html;
}

export function compressTemplate({ texts, holes }: TemplateText): PageTemplate {
  const pieces = texts.map((text) => deflatePiece(Buffer.from(text)));
  return { pieces, holes, bytes: pieces.reduce((sum, piece) => sum + piece.deflated.length, 0) };
}

/** The page as one gzip body: the kept pieces around the shopper's own (one per hole, in order). */
export function splicedGzip(template: PageTemplate, fills: readonly Piece[]): Buffer<ArrayBuffer> {
  if (fills.length !== template.holes.length) throw new Error("One fill per hole");
  const pieces: Piece[] = [];
  template.pieces.forEach((piece, index) => {
    pieces.push(piece);
    const fill = fills[index];
    if (fill) pieces.push(fill);
  });
  return gzipOf(pieces);
}

/** The same page as plain HTML, for the rare client that takes no gzip. */
export function splicedPlain(template: PageTemplate, fills: readonly Piece[]): Buffer<ArrayBuffer> {
  return gunzipSync(splicedGzip(template, fills));
}
