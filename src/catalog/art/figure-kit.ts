import { ink } from "./palette.ts";

/** A cartoon eye: navy pupil with one highlight. */
export function eye(x: number, y: number, r: number): string {
  const h = Math.round(r / 3);
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="${ink.navy}"/><circle cx="${x + h}" cy="${y - h}" r="${h}" fill="#fff"/>`;
}

/** A friendly face for the human characters: eyes, smile and cheeks around (0, y). */
export function humanFace(y: number): string {
  return (
    eye(-24, y, 10) +
    eye(24, y, 10) +
    `<path d="M-14 ${y + 32}q14 12 28 0" fill="none" stroke="${ink.navy}" stroke-width="4"/>` +
    `<ellipse cx="-44" cy="${y + 24}" rx="11" ry="6" fill="${ink.cheek}"/><ellipse cx="44" cy="${y + 24}" rx="11" ry="6" fill="${ink.cheek}"/>`
  );
}
