import { eye } from "./figure-kit.ts";
import { type FigureOptions, miaubot, outlineAttrs, plushTag } from "./miaubot-figure.ts";
import { ink } from "./palette.ts";
import { type PersonName, peopleDefs } from "./people.ts";
import { use } from "./svg.ts";

export type CharacterName = "miaubot" | "pipo" | "chispa" | PersonName;

/** Pipo, the tiny grey robot mouse, in the same 360-unit box as Miaubot. */
function pipo(): string {
  const grey = "#A7B1BC";
  const ears = [-1, 1]
    .map(
      (s) =>
        `<circle cx="${62 * s}" cy="-92" r="50" fill="${grey}"/><circle cx="${62 * s}" cy="-92" r="30" fill="#FFB3C6" stroke="none"/>`,
    )
    .join("");
  const shapes =
    `<path d="M50 150q90 10 80 -60q-5 -30 22 -40" fill="none" stroke-width="8"/>` +
    `<path d="M0 -96V-126" stroke-width="5"/><circle cy="-130" r="10" fill="#FF6B6B"/>` +
    `<ellipse cy="105" rx="62" ry="68" fill="${grey}"/><ellipse cy="112" rx="38" ry="42" fill="#DDE2E7"/>` +
    `<ellipse cx="-34" cy="170" rx="28" ry="12" fill="#FFB3C6"/><ellipse cx="34" cy="170" rx="28" ry="12" fill="#FFB3C6"/>` +
    ears +
    `<ellipse cy="-30" rx="80" ry="70" fill="${grey}"/>`;
  return `<g ${outlineAttrs}>${shapes}</g>${eye(-28, -38, 14)}${eye(28, -38, 14)}<circle cy="2" r="11" fill="#FF7A9A"/><path d="M-12 18q12 10 24 0" fill="none" stroke="${ink.navy}" stroke-width="4"/>`;
}

/** Chispa, the robot puppy, with the spark on its forehead that gives it its name. */
function chispa(): string {
  const gold = "#FFC93C";
  const ears = [-1, 1]
    .map(
      (s) =>
        `<ellipse cx="${88 * s}" cy="-20" rx="28" ry="58" transform="rotate(${-18 * s} ${88 * s} -20)" fill="#C9782B"/>`,
    )
    .join("");
  const shapes =
    `<path d="M62 120q50 -10 48 -60" fill="none" stroke-width="12" stroke-linecap="round"/>` +
    `<ellipse cy="105" rx="68" ry="66" fill="${gold}"/><ellipse cy="112" rx="42" ry="44" fill="#FFF1C9"/>` +
    `<ellipse cx="-36" cy="168" rx="30" ry="13" fill="#fff"/><ellipse cx="36" cy="168" rx="30" ry="13" fill="#fff"/>` +
    `<rect x="-58" y="30" width="116" height="16" rx="8" fill="${ink.brand}"/>` +
    `<ellipse cy="-40" rx="88" ry="76" fill="${gold}"/>` +
    ears +
    `<ellipse cy="0" rx="42" ry="28" fill="#fff"/>`;
  return `<g ${outlineAttrs}>${shapes}</g>${eye(-34, -52, 13)}${eye(34, -52, 13)}<ellipse cy="-14" rx="13" ry="9" fill="${ink.navy}"/><path d="M-6 6q6 14 12 0z" fill="#FF7A9A"/><path d="M-6 -112h16l-9 16h13l-22 28l6 -20h-11z" fill="#FF6B3D"/>`;
}

/** Shared drawings of the friends, placed with <use> (see defs-library.ts). */
export const friendDefs: Readonly<Record<string, string>> = {
  pipo: `<g id="pipo">${pipo()}</g>`,
  chispa: `<g id="chispa">${chispa()}</g>`,
  ...peopleDefs,
};

/** Any character centred on (x, y), `size` tall. */
export function character(
  name: CharacterName,
  x: number,
  y: number,
  size: number,
  options: FigureOptions = {},
): string {
  if (name === "miaubot") return miaubot(x, y, size, options);
  const figure = use(name, x, y, size / 360);
  if (options.tag === undefined) return figure;
  return `${figure}<g transform="translate(${x} ${y}) scale(${(size / 360).toFixed(2)})">${plushTag(options.tag)}</g>`;
}
