import { isRawRecord, type RawRecord, type RepairOutcome } from "./raw-record.ts";

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
 */
export function textsAreExchanged(descripcion: string, detalles: string): boolean {
  if (looksLikeDetails(detalles)) return false;
  return looksLikeDetails(descripcion) || descripcion.length >= LENGTH_RATIO * detalles.length;
}

type Texts = { descripcion: string; detalles: string };

function exchangedTexts(holder: unknown): Texts | undefined {
  if (!isRawRecord(holder)) return undefined;
  const { descripcion, detalles } = holder;
  if (typeof descripcion !== "string" || typeof detalles !== "string") return undefined;
  return textsAreExchanged(descripcion, detalles) ? { descripcion, detalles } : undefined;
}

/** Swaps descripcion and detalles back, in the Spanish fields and in `pt` when it has them. */
export function swapExchangedTexts(record: RawRecord, label: string): RepairOutcome {
  let repaired: Record<string, unknown> = record;
  const repairs: string[] = [];
  const spanish = exchangedTexts(record);
  if (spanish !== undefined) {
    repaired = { ...repaired, descripcion: spanish.detalles, detalles: spanish.descripcion };
    repairs.push(`${label}: descripcion and detalles were exchanged; swapped them back.`);
  }
  const portuguese = exchangedTexts(record.pt);
  if (portuguese !== undefined && isRawRecord(record.pt)) {
    const pt = { ...record.pt, descripcion: portuguese.detalles, detalles: portuguese.descripcion };
    repaired = { ...repaired, pt };
    repairs.push(`${label}: pt.descripcion and pt.detalles were exchanged; swapped them back.`);
  }
  return { record: repaired, repairs };
}
