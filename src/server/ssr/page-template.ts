import { gunzipSync } from "node:zlib";
import { type HoleId, holeIds, holeMarker, isHoleId } from "#shared/personal-holes.ts";
import { deflatePieceInPool, gzipOf, type Piece } from "./gzip-splice.ts";

/**
 * A page drawn with its personal holes marked, cut at them: one more text than holes. Bytes, not
 * a string: a page with one character past Latin-1 (a price's €) took ~3 ms to decode from UTF-8
 * and ~1 ms to encode again, a third of drawing it (decision 056).
 */
export type TemplateText = { texts: Buffer[]; holes: HoleId[] };

/** The same, kept compressed piece by piece, ready to splice (decision 020). */
export type PageTemplate = { pieces: Piece[]; holes: HoleId[]; bytes: number };

/** A marker's bytes before and after its hole's id, as `holeMarker` writes it. */
const [MARKER_OPEN, MARKER_CLOSE] = holeMarker(holeIds.cartBadge)
  .split(holeIds.cartBadge)
  .map((part) => Buffer.from(part)) as [Buffer, Buffer];
/** Longer than any hole's id (`wish-` and nine digits). */
const LONGEST_ID = 32;
const MARKED_ID = /^[a-z0-9-]+$/;

export function splitTemplate(page: Buffer | string): TemplateText {
  const html = typeof page === "string" ? Buffer.from(page) : page;
  const texts: Buffer[] = [];
  const holes: HoleId[] = [];
  let from = 0;
  for (let at = html.indexOf(MARKER_OPEN); at !== -1; at = html.indexOf(MARKER_OPEN, at + 1)) {
    const idStart = at + MARKER_OPEN.length;
    const idEnd = html.indexOf(MARKER_CLOSE, idStart);
    // Only what React writes for `<template data-hole={id} />` is a marker.
    if (idEnd === -1 || idEnd - idStart > LONGEST_ID) continue;
    const id = html.toString("latin1", idStart, idEnd);
    if (!MARKED_ID.test(id)) continue;
    if (!isHoleId(id)) throw new Error(`Unknown personal hole "${id}"`);
    texts.push(html.subarray(from, at));
    holes.push(id);
    from = idEnd + MARKER_CLOSE.length;
  }
  texts.push(html.subarray(from));
  return { texts, holes };
}

/** The page with each hole filled (fills in the holes' order). */
export function fillTemplate({ texts, holes }: TemplateText, fills: readonly string[]): Buffer<ArrayBuffer> {
  if (fills.length !== holes.length) throw new Error("One fill per hole");
  const parts: Buffer[] = [texts[0] ?? Buffer.alloc(0)];
  for (let index = 0; index < holes.length; index += 1) {
    parts.push(Buffer.from(fills[index] ?? ""), texts[index + 1] ?? Buffer.alloc(0));
  }
  return Buffer.concat(parts);
}

/** Each text compressed on its own, on the thread pool (decision 056: at the first answer's level). */
export async function compressTemplate({ texts, holes }: TemplateText, level: number): Promise<PageTemplate> {
  const pieces = await Promise.all(texts.map((text) => deflatePieceInPool(text, level)));
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
