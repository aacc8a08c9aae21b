import { type CharacterName, character } from "./friends.ts";
import { miaubotHead, outlineAttrs } from "./miaubot-figure.ts";
import type { Motif } from "./motifs.ts";
import type { Swatch } from "./palette.ts";
import { ink } from "./palette.ts";

/** What a kind drawing may vary on. */
export type ArtContext = {
  sw: Swatch;
  /** 0..2, stable per product: small choices such as pose or pattern. */
  style: number;
  /** The character the title names (Miaubot unless it names a friend). */
  who: CharacterName;
  /** The setting the title names, shown on covers and puzzle pictures. */
  motif: Motif;
};

export type SceneName =
  | "box"
  | "room"
  | "park"
  | "rain"
  | "tv"
  | "desk"
  | "bedroom"
  | "bath"
  | "kitchen"
  | "sky";

/**
 * How one kind is drawn. `draw` paints the object in the 800×800 frame, centred near
 * (400, 420) and resting on the floor at y ≈ 670.
 */
export type KindArt = {
  draw: (c: ArtContext) => string;
  /** Centre and zoom of the close-up view. */
  focus: readonly [x: number, y: number, zoom: number];
  scene: SceneName;
  /** A genuinely different second view (open case, back side…); else the object is re-coloured. */
  alt?: (c: ArtContext) => string;
};

export const outline = outlineAttrs;
export const thin = `class="t"`;

export const poses = ["wave", "stand", "cheer"] as const;

export function shadow(cx: number, cy: number, rx: number): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${Math.round(rx / 9)}" fill="${ink.shadow}" opacity=".12"/>`;
}

/** The product's character as a print: Miaubot's face, or a friend in full. */
export function portrait(c: ArtContext, x: number, y: number, size: number): string {
  return c.who === "miaubot" ? miaubotHead(x, y, size) : character(c.who, x, y, size * 1.1);
}

/** A soft white gloss that makes plastic and ceramics read as shiny. */
export function gloss(d: string): string {
  return `<path d="${d}" fill="#fff" opacity=".35"/>`;
}

/** Draws an object made for the full frame at another place and size. */
export function place(body: string, x: number, y: number, scale: number, rotate = 0): string {
  const rot = rotate === 0 ? "" : ` rotate(${rotate})`;
  return `<g transform="translate(${x} ${y})${rot} scale(${scale}) translate(-400 -420)">${body}</g>`;
}
