import { type ArtContext, type KindArt, outline, shadow, thin } from "./art-kit.ts";
import { character } from "./friends.ts";
import { miaubotHead } from "./miaubot-figure.ts";
import { ink } from "./palette.ts";
import { starPath } from "./svg.ts";

const lacquerDefault = "#1B2545";
const gold = "#D4A017";

function blossom(x: number, y: number, r: number): string {
  const petals = [0, 72, 144, 216, 288]
    .map((a) => {
      const t = (a * Math.PI) / 180;
      return `<circle cx="${Math.round(x + r * Math.sin(t))}" cy="${Math.round(y - r * Math.cos(t))}" r="${r}" fill="#FFC2D4"/>`;
    })
    .join("");
  return `${petals}<circle cx="${x}" cy="${y}" r="${Math.round(r * 0.6)}" fill="#FF7A9A"/>`;
}

const lacquers = ["#1B2545", "#7A1F2B", "#23262E"];

/** A keepsake next to the figure, so the lots differ: Pipo, a tea cup or an art book. */
function keepsake(c: ArtContext): string {
  if (c.style === 0) return character(c.who === "pipo" ? "chispa" : "pipo", 570, 500, 130);
  if (c.style === 1)
    return `<path d="M530 450h80l-8 60h-64z" fill="#fff" ${outline}/><path d="M540 470h60" stroke="${ink.collar}" stroke-width="8"/>`;
  return (
    `<rect x="520" y="420" width="90" height="100" rx="6" fill="${c.sw.main}" transform="rotate(8 565 470)" ${outline}/>` +
    miaubotHead(566, 472, 50, 8)
  );
}

/** Japan edition: lacquered box, rising-sun lid, the figure set in velvet. */
const collectorLot: KindArt = {
  draw: (c) => {
    const lacquer = lacquers[c.style] ?? lacquerDefault;
    return (
      shadow(400, 680, 300) +
      `<g transform="rotate(-4 400 300)"><rect x="170" y="100" width="460" height="320" rx="12" fill="${lacquer}" ${outline}/>` +
      `<rect x="190" y="120" width="420" height="280" rx="6" fill="none" stroke="${gold}" stroke-width="6"/>` +
      `<circle cx="400" cy="260" r="90" fill="${ink.collar}"/></g>` +
      `<rect x="150" y="400" width="500" height="110" fill="${c.style === 1 ? "#1E5A8C" : "#8C1C2B"}" ${outline}/>` +
      character(c.who, 400, 420, 280, { pose: c.style === 2 ? "cheer" : "wave" }) +
      keepsake(c) +
      `<rect x="150" y="500" width="500" height="170" rx="8" fill="${lacquer}" ${outline}/>` +
      `<path d="M170 520h460" stroke="${gold}" stroke-width="6"/>` +
      `<path d="${starPath(400, 590, 36)}" fill="${gold}"/>` +
      `<path d="M610 500l40 -40v70zM150 460l40 40h-40z" fill="${gold}"/>` +
      blossom(200, 150, 16) +
      blossom(600, 400, 12) +
      blossom(210, 620, 12)
    );
  },
  focus: [400, 380, 1.7],
  scene: "room",
};

function wrapping(c: ArtContext): string {
  return `<pattern id="gw" width="80" height="80" patternUnits="userSpaceOnUse"><rect width="80" height="80" fill="${c.sw.main}"/><path d="${starPath(20, 20, 10)}${starPath(60, 60, 10)}" fill="${c.sw.light}"/></pattern>`;
}

const giftBox: KindArt = {
  draw: (c) =>
    shadow(400, 660, 250) +
    wrapping(c) +
    `<rect x="220" y="330" width="360" height="320" fill="url(#gw)" ${outline}/>` +
    `<rect x="200" y="280" width="400" height="80" rx="6" fill="url(#gw)" ${outline}/>` +
    `<path d="M380 280h40v370h-40z" fill="${c.sw.accent}" ${thin}/>` +
    `<path d="M400 280c-120 -110 -160 20 0 0c160 20 120 -110 0 0z" fill="${c.sw.accent}" ${outline}/>` +
    `<path d="M560 420l80 60" stroke="${ink.navy}" stroke-width="4"/>` +
    `<rect x="600" y="450" width="110" height="130" rx="14" fill="#fff" transform="rotate(12 655 515)" ${outline}/>` +
    miaubotHead(658, 522, 80, 12),
  focus: [560, 450, 1.7],
  scene: "room",
};

export const giftKinds = { collectorLot, giftBox } as const;
