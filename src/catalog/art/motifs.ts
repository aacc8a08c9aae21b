import type { Swatch } from "./palette.ts";
import { ink } from "./palette.ts";
import { normalizeWords } from "./product-kind.ts";
import { starPath } from "./svg.ts";

/** The setting a film or book title names; its covers show it, so every edition matches. */
export type Motif = "hills" | "clouds" | "volcano" | "sea" | "night" | "snow" | "island";

const motifWords: Readonly<Record<string, Motif>> = {
  nubes: "clouds",
  cielo: "clouds",
  volcan: "volcano",
  mar: "sea",
  oceano: "sea",
  luna: "night",
  dormir: "night",
  noche: "night",
  navidad: "snow",
  nieve: "snow",
  isla: "island",
  playa: "island",
};

export function motifOfTitle(title: string): Motif {
  for (const word of normalizeWords(title)) {
    const motif = motifWords[word];
    if (motif !== undefined) return motif;
  }
  return "hills";
}

/** Sky colour behind the motif. */
export function motifSky(motif: Motif, sw: Swatch): string {
  if (motif === "night") return "#2B3A67";
  if (motif === "clouds" || motif === "sea" || motif === "island") return "#8FD3F4";
  return sw.main;
}

/** Scenery in a 100×100 box (ground from y ≈ 70), drawn behind the hero. */
const scenery: Readonly<Record<Motif, (sw: Swatch) => string>> = {
  hills: (sw) => `<path d="M0 80q50 -14 100 0V100H0z" fill="${sw.dark}"/>`,
  clouds: () =>
    `<path d="M6 30a6 6 0 0 1 10 -6a8 8 0 0 1 14 2a5 5 0 0 1 2 9h-26zM64 18a5 5 0 0 1 8 -5a7 7 0 0 1 12 2a4 4 0 0 1 2 8h-22z" fill="#fff"/>` +
    `<path d="M0 82q10 -10 20 0q10 -10 20 0q10 -10 20 0q10 -10 20 0q10 -10 20 0V100H0z" fill="#fff"/>`,
  volcano: (sw) =>
    `<path d="M8 80l26 -50h12l26 50z" fill="#8C5A3C"/><path d="M34 30h12l-3 10l-3 -4l-3 6l-3 -6z" fill="#FF6B3D"/>` +
    `<circle cx="44" cy="18" r="6" fill="#C8CED6"/><circle cx="52" cy="10" r="4" fill="#C8CED6"/>` +
    `<path d="M0 80q50 -10 100 0V100H0z" fill="${sw.dark}"/>`,
  sea: () =>
    `<path d="M0 60q12.5 -6 25 0t25 0t25 0t25 0V100H0z" fill="#1F7FC4"/><path d="M0 76q12.5 -6 25 0t25 0t25 0t25 0V100H0z" fill="#0A5BA0"/>` +
    `<circle cx="14" cy="40" r="3" fill="none" stroke="#fff"/><circle cx="84" cy="34" r="4" fill="none" stroke="#fff"/>`,
  night: () =>
    `<path d="M80 12a10 10 0 1 0 6 16a8 8 0 1 1 -6 -16z" fill="${ink.star}"/>` +
    `<path d="${starPath(14, 14, 3)}${starPath(30, 30, 2)}${starPath(64, 40, 2)}" fill="${ink.star}"/><path d="M0 84q50 -12 100 0V100H0z" fill="#1B2545"/>`,
  snow: () =>
    `<path d="M78 78l-10 -0l10 -16h-6l8 -14l8 14h-6l10 16z" fill="#2E8B57"/>` +
    `<circle cx="10" cy="20" r="1.6" fill="#fff"/><circle cx="26" cy="42" r="1.6" fill="#fff"/><circle cx="60" cy="16" r="1.6" fill="#fff"/><circle cx="88" cy="36" r="1.6" fill="#fff"/>` +
    `<path d="M0 80q50 -12 100 0V100H0z" fill="#fff"/>`,
  island: () =>
    `<path d="M0 74h100V100H0z" fill="#1F7FC4"/><path d="M50 76q20 -14 44 0z" fill="#F3D2A2"/>` +
    `<path d="M76 70q-2 -16 2 -26" fill="none" stroke="#8C5A3C" stroke-width="2"/><path d="M78 44q-10 -4 -14 4q6 -2 14 -4q0 -8 10 -8q-6 4 -10 8q10 -2 12 6q-6 -4 -12 -6z" fill="#2E8B57"/>`,
};

/** The motif's scenery fitted into the box (x, y, w, h). */
export function drawMotif(motif: Motif, sw: Swatch, x: number, y: number, w: number, h: number): string {
  return `<g transform="translate(${x} ${y}) scale(${(w / 100).toFixed(2)} ${(h / 100).toFixed(2)})">${scenery[motif](sw)}</g>`;
}
