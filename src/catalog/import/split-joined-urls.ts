import { type Note, repair, type StepOutcome } from "./raw-record.ts";
import { type ExtraImages, extraImageFields, type SourceRecord } from "./source-record-schema.ts";

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
  // Trimmed: "a.jpg https://…" is joined too, and neither half keeps the space between them.
  return value
    .split(joinBoundary)
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

type Pictures = Pick<SourceRecord, "imagen" | "otrasImagenes">;
type PictureField = "imagen" | keyof ExtraImages;

const noExtraImages: ExtraImages = { imagen1: "", imagen2: "", imagen3: "" };

/**
 * Splits every joined value of imagen, then imagen1..3: the field keeps the first URL, each
 * further one goes to the first empty extra-image slot, or is dropped (and said so) when none is.
 */
export function repairJoinedImages<T extends Pictures>(record: T): StepOutcome<T> {
  const pictures: Record<PictureField, string> = {
    imagen: record.imagen,
    ...(record.otrasImagenes ?? noExtraImages),
  };
  const notes: Note[] = [];
  for (const field of ["imagen", ...extraImageFields] as const) {
    const [kept = pictures[field], ...moved] = splitJoinedUrls(pictures[field]);
    pictures[field] = kept;
    for (const url of moved) {
      const slot = extraImageFields.find((candidate) => pictures[candidate] === "");
      if (slot !== undefined) pictures[slot] = url;
      const fate = slot === undefined ? "dropped it: no extra-image slot was free" : `moved it to ${slot}`;
      notes.push(
        repair(
          field,
          `held joined URLs; kept ${JSON.stringify(kept)}, split off ${JSON.stringify(url)} and ${fate}.`,
        ),
      );
    }
  }
  if (notes.length === 0) return { record, notes };
  const { imagen, ...extra } = pictures;
  return { record: { ...record, imagen, otrasImagenes: extra }, notes };
}
