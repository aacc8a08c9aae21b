import { ink } from "./palette.ts";
import { starPath } from "./svg.ts";

/** Digits as strokes in a 40×70 box: numbers drawn as shapes, so no font is ever needed. */
const glyphs: Readonly<Record<string, string>> = {
  "0": "M0 0h40v70h-40z",
  "1": "M8 12l16 -12v70",
  "2": "M0 0h40v35h-40v35h40",
  "3": "M0 0h40v70h-40M0 35h40",
  "4": "M0 0v35h40M40 0v70",
  "5": "M40 0h-40v35h40v35h-40",
  "6": "M40 0h-40v70h40v-35h-40",
  "7": "M0 0h40v70",
  "8": "M0 0h40v70h-40zM0 35h40",
  "9": "M40 35h-40v-35h40v70h-40",
  "-": "M4 35h24",
};

function glyphWidth(char: string): number {
  return char === "-" ? 44 : char === "1" ? 46 : 62;
}

/** A path drawing `label` (digits and "-") centred on (cx, cy), `height` tall. */
function numberPath(label: string, cx: number, cy: number, height: number): string {
  const scale = height / 70;
  const chars = [...label].filter((ch) => glyphs[ch] !== undefined);
  const width = chars.reduce((sum, ch) => sum + glyphWidth(ch), -22) * scale;
  let x = cx - width / 2;
  const parts: string[] = [];
  for (const ch of chars) {
    parts.push(
      `<path transform="translate(${Math.round(x)} ${Math.round(cy - height / 2)}) scale(${scale.toFixed(2)})" d="${glyphs[ch]}"/>`,
    );
    x += glyphWidth(ch) * scale;
  }
  return `<g fill="none" stroke="${ink.navy}" stroke-width="${(13 / scale).toFixed(1)}" stroke-linecap="round" stroke-linejoin="round">${parts.join("")}</g>`;
}

/** A rosette with ribbon tails; shows the number range, or a star when there is none. */
export function ageBadge(label: string, cx: number, cy: number, r: number, colour: string): string {
  const inner =
    label === ""
      ? `<path d="${starPath(cx, cy, r * 0.55)}" fill="${ink.star}" class="t"/>`
      : numberPath(label, cx, cy, r * 0.62);
  return (
    `<path d="M${cx - r * 0.6} ${cy + r * 0.5}l-30 ${r * 0.9}l40 -16l20 40l30 -${r * 0.8}zM${cx + r * 0.6} ${cy + r * 0.5}l30 ${r * 0.9}l-40 -16l-20 40l-30 -${r * 0.8}z" fill="${ink.collar}" class="o"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour}" class="o"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${Math.round(r * 0.82)}" fill="#fff" class="t"/>` +
    inner
  );
}
