import { type Note, repair, type StepOutcome } from "./raw-record.ts";
import type { SourceRecord } from "./source-record-schema.ts";

/** Headings that open a line of the long text: Spanish and Portuguese. */
const detailMarker =
  /(?:composici[oó]n|composi[cç][aã]o|medidas|contenido|conte[uú]do|materiales?|dimensiones|dimens[oõ]es|tamaño|tamanho|incluye|inclui)\s*:/i;
const lineBreak = /\r?\n|<br\s*\/?>/i;
/** How many times longer than single-sentence details a description must be to count as swapped. */
const LENGTH_RATIO = 3;

function looksLikeDetails(text: string): boolean {
  return lineBreak.test(text) || detailMarker.test(text);
}

/**
 * The heuristic for spec §3's "description and details are exchanged": descripcion is the short
 * pitch, detalles the long, usually multi-line text (features, contents, sizes, materials). The
 * pair is exchanged when detalles reads like a pitch (one line, no "Medidas:"-style heading) and
 * descripcion reads like details: line breaks or such headings, or at least three times the
 * length. In the shop's own catalogue every detalles has line breaks, so it never swaps there.
 * An empty text is missing, not exchanged.
 */
export function textsAreExchanged(descripcion: string, detalles: string): boolean {
  if (descripcion === "" || detalles === "" || looksLikeDetails(detalles)) return false;
  return looksLikeDetails(descripcion) || descripcion.length >= LENGTH_RATIO * detalles.length;
}

type Texts = { descripcion: string; detalles: string };

function swapped<T extends Texts>(texts: T): T {
  return { ...texts, descripcion: texts.detalles, detalles: texts.descripcion };
}

/** Swaps descripcion and detalles back, in the Spanish fields and in `pt` when it has them. */
export function swapExchangedTexts(record: SourceRecord): StepOutcome<SourceRecord> {
  let repaired = record;
  const notes: Note[] = [];
  if (textsAreExchanged(record.descripcion, record.detalles)) {
    repaired = swapped(repaired);
    notes.push(repair("descripcion", "held the details, and detalles the description; swapped them back."));
  }
  const { pt } = record;
  if (pt && textsAreExchanged(pt.descripcion, pt.detalles)) {
    repaired = { ...repaired, pt: swapped(pt) };
    notes.push(
      repair("pt.descripcion", "held the details, and pt.detalles the description; swapped them back."),
    );
  }
  return { record: repaired, notes };
}
