import { type ArtContext, gloss, type KindArt, outline, poses, shadow, thin } from "./art-kit.ts";
import { character } from "./friends.ts";
import { miaubotHead } from "./miaubot-figure.ts";
import { drawMotif, motifSky } from "./motifs.ts";
import { starPath } from "./svg.ts";

/** Poster-like cover: sky, hill, the hero and a title plaque (a shape, never text). */
function coverArt(
  c: ArtContext,
  id: string,
  x: number,
  y: number,
  w: number,
  h: number,
  hero = true,
): string {
  const u = (f: number): number => Math.round(h * f);
  const stars = [0.3, 0.5, 0.7].map((fx) => starPath(x + w * fx, y + u(0.135), u(0.04)));
  const scene =
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${motifSky(c.motif, c.sw)}"/>` +
    `<circle cx="${x + w / 2}" cy="${Math.round(y + h * 0.55)}" r="${Math.round(w * 0.42)}" fill="${c.sw.light}" opacity=".45"/>` +
    drawMotif(c.motif, c.sw, x, y, w, h) +
    (hero
      ? character(c.who, x + w / 2, Math.round(y + h * 0.6), u(0.5), { pose: poses[c.style] })
      : miaubotHead(x + w / 2, Math.round(y + h * 0.55), Math.round(w * 0.6))) +
    `<rect x="${Math.round(x + w * 0.14)}" y="${Math.round(y + h * 0.07)}" width="${Math.round(w * 0.72)}" height="${u(0.13)}" rx="${u(0.05)}" fill="${c.sw.accent}" ${thin}/>` +
    `<path d="${stars.join("")}" fill="#fff"/>`;
  return `<clipPath id="${id}"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath><g clip-path="url(#${id})">${scene}</g>`;
}

function disc(c: ArtContext, cx: number, cy: number, r: number, sheen: string): string {
  return (
    `<radialGradient id="ds"><stop offset=".2" stop-color="#fff"/><stop offset=".7" stop-color="#C9D1DA"/><stop offset="1" stop-color="${sheen}"/></radialGradient>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#ds)" ${outline}/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r * 0.62}" fill="${c.sw.light}"/>` +
    miaubotHead(cx, cy - r * 0.28, r * 0.5) +
    `<circle cx="${cx}" cy="${cy}" r="${r * 0.2}" fill="#E8ECF0" ${thin}/><circle cx="${cx}" cy="${cy}" r="${r * 0.08}" fill="#fff" ${thin}/>`
  );
}

/** A keep case: dark plastic (DVD) or blue with a header band (Blu-ray). */
function keepCase(c: ArtContext, id: string, height: number, bluray: boolean, hero = true): string {
  const top = 400 - height / 2;
  const plastic = bluray ? "#1F6FD1" : "#23262E";
  const band = bluray
    ? `<rect x="252" y="${top + 12}" width="296" height="34" fill="#0A4FB0"/><rect x="350" y="${top + 20}" width="100" height="18" rx="9" fill="#fff"/>`
    : "";
  const artTop = bluray ? top + 46 : top + 12;
  return (
    `<rect x="236" y="${top}" width="328" height="${height}" rx="14" fill="${plastic}" ${outline}/>` +
    coverArt(c, id, 252, artTop, 296, height - 12 - (artTop - top), hero) +
    band +
    `<rect x="236" y="${top}" width="16" height="${height}" rx="6" fill="#000" opacity=".35"/>` +
    gloss(`M270 ${top + 14}h60l-40 ${height - 28}h-20z`)
  );
}

function caseShot(c: ArtContext, height: number, bluray: boolean): string {
  const sheen = bluray ? "#4DA3FF" : "#D6B8FF";
  return (
    shadow(420, 400 + height / 2 + 12, 230) +
    disc(c, 560, 330, 150, sheen) +
    keepCase(c, "cv", height, bluray)
  );
}

/** The case opened: booklet on the left, disc on its hub on the right. */
function openCase(c: ArtContext, bluray: boolean): string {
  const plastic = bluray ? "#1F6FD1" : "#23262E";
  return (
    shadow(400, 625, 330) +
    `<rect x="80" y="190" width="640" height="420" rx="14" fill="${plastic}" ${outline}/>` +
    `<path d="M392 190v420M408 190v420" stroke="#000" stroke-width="3" opacity=".4"/>` +
    coverArt({ ...c, style: (c.style + 1) % 3 }, "bk", 100, 210, 270, 380) +
    disc(c, 560, 400, 140, bluray ? "#4DA3FF" : "#D6B8FF")
  );
}

const dvd: KindArt = {
  draw: (c) => caseShot(c, 460, false),
  alt: (c) => openCase(c, false),
  focus: [400, 380, 1.7],
  scene: "tv",
};

const bluray: KindArt = {
  draw: (c) => caseShot(c, 400, true),
  alt: (c) => openCase(c, true),
  focus: [400, 300, 1.8],
  scene: "tv",
};

const filmPack: KindArt = {
  draw: (c) => {
    const cases = [-1, 0, 1].map((k, i) => {
      const sw = i === 1 ? c.sw : { ...c.sw, main: c.sw.dark, light: c.sw.main };
      return `<g transform="rotate(${k * 14} 400 700) translate(${k * 40} 0)">${keepCase({ ...c, sw }, `p${i}`, 440, false, k === 0)}</g>`;
    });
    return shadow(400, 690, 300) + (cases[0] ?? "") + (cases[2] ?? "") + (cases[1] ?? "");
  },
  focus: [400, 360, 1.6],
  scene: "tv",
};

const book: KindArt = {
  draw: (c) =>
    shadow(410, 650, 230) +
    `<path d="M250 150h330v490h-330z" fill="#FFF7E6" ${outline}/>` +
    `<path d="M562 170v456M572 170v456" stroke="#D9C9A8" stroke-width="3"/>` +
    `<rect x="216" y="130" width="340" height="500" rx="10" fill="${c.sw.dark}" ${outline}/>` +
    coverArt(c, "cv", 246, 146, 296, 468) +
    `<rect x="216" y="130" width="30" height="500" rx="8" fill="${c.sw.dark}" ${outline}/>`,
  alt: (c) =>
    shadow(400, 640, 330) +
    `<path d="M400 250q-130 -50 -300 -20v380q170 -30 300 20q130 -50 300 -20v-380q-170 -30 -300 20z" fill="${c.sw.dark}" ${outline}/>` +
    `<path d="M400 240q-120 -50 -280 -20v370q160 -30 280 20z" fill="#FFFDF6" ${thin}/>` +
    `<path d="M400 240q120 -50 280 -20v370q-160 -30 -280 20z" fill="#FFFDF6" ${thin}/>` +
    `<circle cx="250" cy="380" r="95" fill="${c.sw.light}"/>` +
    character(c.who, 250, 400, 200, { pose: "wave" }) +
    `<path d="M450 300h180M450 340h160M450 380h180M450 420h140M450 460h180M450 500h120" stroke="#B8C2CC" stroke-width="10" stroke-linecap="round"/>`,
  focus: [395, 400, 1.7],
  scene: "bedroom",
};

export const mediaKinds = { dvd, bluray, filmPack, book } as const;
