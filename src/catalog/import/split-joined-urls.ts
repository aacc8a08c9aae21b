import { isRawRecord, type RawRecord, type RepairOutcome } from "./raw-record.ts";

/**
 * Where one image URL ends and a second, glued to it, begins (spec §3: "some image values are two
 * URLs joined together"). Two cases:
 * - a picture extension followed at once by a root-relative or protocol-relative path
 *   ("/media/x.svg/media/y.svg"); only picture extensions count, so the "/" after a host name
 *   such as "shop.example/" never splits a URL;
 * - "http://" or "https://" anywhere but the start ("…/a.jpghttps://…"), unless it follows "=" or
 *   "/", where a URL legitimately carries another one (a proxy's query string, an archive path).
 */
const joinBoundary = /(?<=\.(?:avif|gif|jpe?g|png|svg|webp))(?=\/{1,2}[^/\s])|(?<=[^=/])(?=https?:\/\/)/gi;

/** The URLs an image field holds: one for a sound value, two or more for a joined one. */
export function splitJoinedUrls(value: string): string[] {
  return value.split(joinBoundary).filter((part) => part !== "");
}

const extraSlots = ["imagen1", "imagen2", "imagen3"] as const;
type ExtraImages = Record<string, unknown>;

/** The extra-image object to fill, or undefined when otrasImagenes is malformed (validation says so). */
function extraImagesOf(record: RawRecord): ExtraImages | undefined {
  const list = record.otrasImagenes;
  if (!Array.isArray(list)) return undefined;
  const first: unknown = list[0];
  // An empty list has three free slots: a moved URL gets the object it needs.
  if (first === undefined) return { imagen1: "", imagen2: "", imagen3: "" };
  return isRawRecord(first) ? { ...first } : undefined;
}

function firstFreeSlot(extra: ExtraImages | undefined): string | undefined {
  return extra === undefined ? undefined : extraSlots.find((slot) => extra[slot] === "");
}

/**
 * Splits every joined value of imagen, then imagen1..3: the field keeps the first URL, each
 * further one goes to the first empty extra-image slot, or is dropped (and said so) when none is.
 */
export function repairJoinedImages(record: RawRecord, label: string): RepairOutcome {
  const repaired: Record<string, unknown> = { ...record };
  const extra = extraImagesOf(record);
  const repairs: string[] = [];
  const fields: [string, Record<string, unknown>][] = [["imagen", repaired]];
  if (extra !== undefined) fields.push(...extraSlots.map((slot): [string, ExtraImages] => [slot, extra]));

  for (const [field, holder] of fields) {
    const value = holder[field];
    if (typeof value !== "string") continue;
    const [kept = value, ...moved] = splitJoinedUrls(value);
    if (moved.length === 0) continue;
    holder[field] = kept;
    for (const url of moved) {
      const slot = firstFreeSlot(extra);
      if (extra !== undefined && slot !== undefined) extra[slot] = url;
      const fate = slot === undefined ? "dropped it: no extra-image slot was free" : `moved it to ${slot}`;
      repairs.push(
        `${label}: ${field} held joined URLs; kept ${JSON.stringify(kept)}, split off ${JSON.stringify(url)} and ${fate}.`,
      );
    }
  }
  if (repairs.length === 0) return { record, repairs };
  if (extra !== undefined && Array.isArray(record.otrasImagenes)) {
    repaired.otrasImagenes = [extra, ...record.otrasImagenes.slice(1)];
  }
  return { record: repaired, repairs };
}
