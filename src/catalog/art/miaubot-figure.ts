import { ink } from "./palette.ts";
import { group, move, starPath, use } from "./svg.ts";

export type Pose = "stand" | "wave" | "cheer";

/** Outlined shapes share one stroke style, a class defined once per document (see svg.ts). */
export const outlineAttrs = `class="o"`;

/** The head in its own units: 200 wide, centred on the skull; the star tops out at y -140. */
function headShapes(): string {
  const ears = [-1, 1]
    .map(
      (s) =>
        `<path d="M${-94 * s} -16L${-86 * s} -122L${-18 * s} -76Z" fill="${ink.miaubot}"/>` +
        `<path d="M${-78 * s} -40L${-74 * s} -102L${-38 * s} -76Z" fill="${ink.earInner}" stroke="none"/>`,
    )
    .join("");
  return (
    `<path d="M0 -78V-108" stroke-width="6"/>` +
    `<path d="${starPath(0, -122, 18)}" fill="${ink.star}"/>` +
    ears +
    `<ellipse rx="100" ry="80" fill="${ink.miaubot}"/>`
  );
}

function face(): string {
  const eyes = [-1, 1]
    .map(
      (s) =>
        `<ellipse cx="${-38 * s}" cy="-8" rx="26" ry="31" fill="#fff" stroke="${ink.outline}" stroke-width="3"/>` +
        `<circle cx="${-34 * s}" cy="-3" r="18" fill="${ink.navy}"/>` +
        `<circle cx="${-34 * s + 6}" cy="-11" r="7" fill="#fff"/>` +
        `<circle cx="${-34 * s - 6}" cy="5" r="3" fill="#fff"/>` +
        `<ellipse cx="${-66 * s}" cy="30" rx="14" ry="8" fill="${ink.cheek}"/>`,
    )
    .join("");
  return (
    eyes +
    `<path d="M-9 24h18l-9 10z" fill="${ink.navy}"/>` +
    `<path d="M-20 40q10 11 20 0q10 11 20 0" fill="none" stroke="${ink.navy}" stroke-width="4" stroke-linecap="round"/>`
  );
}

/** Body without arms, in the 360-unit figure box (feet at y 182). */
function bodyShapes(): string {
  const feet = [-1, 1].map((s) => `<ellipse cx="${38 * s}" cy="168" rx="34" ry="14" fill="#fff"/>`).join("");
  return (
    `<ellipse cy="105" rx="74" ry="68" fill="${ink.miaubot}"/>` +
    feet +
    `<ellipse cy="110" rx="50" ry="48" fill="#fff"/>` +
    `<circle cy="114" r="21" fill="${ink.pocket}" stroke-width="3"/><path d="${starPath(0, 114, 11)}" fill="${ink.star}" stroke="none"/>` +
    `<rect x="-62" y="32" width="124" height="18" rx="9" fill="${ink.collar}"/>`
  );
}

/** Shared drawings, emitted once per document and placed with <use>. */
export const figureDefs: Readonly<Record<string, string>> = {
  mh: `<g id="mh"><g ${outlineAttrs}>${headShapes()}</g>${face()}</g>`,
  mb: `<g id="mb" ${outlineAttrs}>${bodyShapes()}</g>`,
};

/** Miaubot's head alone (prints, logos); `width` is the head width in pixels. */
export function miaubotHead(x: number, y: number, width: number, rotate = 0): string {
  return use("mh", x, y, width / 200, rotate);
}

function arm(side: -1 | 1, raised: boolean): string {
  const [cx, cy, angle, hx, hy] = raised ? [84, 40, 34, 106, 4] : [76, 95, -22, 92, 124];
  return (
    `<ellipse cx="${cx * side}" cy="${cy}" rx="17" ry="36" transform="rotate(${angle * side} ${cx * side} ${cy})" fill="${ink.miaubot}"/>` +
    `<circle cx="${hx * side}" cy="${hy}" r="16" fill="#fff"/>`
  );
}

/** A sewn-on fabric tag: what tells a plush apart from a figure. */
export function plushTag(colour: string): string {
  return `<path d="M60 140l34 8l-6 26l-34 -8z" fill="${colour}" ${outlineAttrs}/>`;
}

export type FigureOptions = { pose?: Pose; tag?: string };

/** The whole character centred on (x, y); `size` is its height in pixels. */
export function miaubot(x: number, y: number, size: number, options: FigureOptions = {}): string {
  const pose = options.pose ?? "stand";
  const arms = `<g ${outlineAttrs}>${arm(-1, pose === "cheer")}${arm(1, pose !== "stand")}</g>`;
  const tag = options.tag === undefined ? "" : plushTag(options.tag);
  return group(move(x, y, size / 360), `<use href="#mb"/>${arms}${tag}<use href="#mh" y="-40"/>`);
}
