import { type ArtContext, gloss, type KindArt, outline, portrait, poses, shadow, thin } from "./art-kit.ts";
import { character } from "./friends.ts";
import { drawMotif, motifSky } from "./motifs.ts";
import { ink } from "./palette.ts";
import { starPath } from "./svg.ts";

const plush: KindArt = {
  draw: (c) =>
    shadow(400, 668, 170) + character(c.who, 400, 410, 520, { pose: poses[c.style], tag: c.sw.main }),
  focus: [400, 330, 1.9],
  scene: "box",
};

const figure: KindArt = {
  draw: (c) =>
    shadow(400, 650, 190) +
    `<path d="M230 596v44a170 34 0 0 0 340 0v-44z" fill="${c.sw.dark}" ${outline}/>` +
    `<ellipse cx="400" cy="596" rx="170" ry="34" fill="${c.sw.main}" ${outline}/>` +
    `<path d="${starPath(400, 640, 14)}" fill="${ink.star}"/>` +
    character(c.who, 400, 396, 410, { pose: poses[(c.style + 1) % 3] }),
  focus: [400, 330, 1.8],
  scene: "box",
};

const pipColours = ["#FF6B6B", "#FFC93C", "#2EC4B6", "#8E6CEF"];

function die(x: number, y: number, rotate: number): string {
  const pips = [-18, 0, 18].map((d) => `<circle cx="${d}" cy="${d}" r="7" fill="${ink.navy}"/>`).join("");
  return `<g transform="translate(${x} ${y}) rotate(${rotate})"><rect x="-38" y="-38" width="76" height="76" rx="14" fill="#fff" ${outline}/>${pips}</g>`;
}

function pawn(x: number, y: number, colour: string): string {
  return `<path d="M${x - 22} ${y}l12 -52a16 16 0 1 1 20 0l12 52z" fill="${colour}" ${outline}/>`;
}

const track = [
  [215, 470],
  [262, 440],
  [312, 452],
  [362, 470],
  [412, 452],
  [452, 412],
  [502, 400],
  [548, 368],
  [580, 326],
];

/** The lid art, drawn flat and then laid down in perspective. */
function lidArt(c: ArtContext): string {
  return (
    `<rect x="150" y="180" width="500" height="360" rx="10" fill="${c.sw.main}" ${outline}/>` +
    `<rect x="174" y="204" width="452" height="312" rx="8" fill="${c.sw.light}"/>` +
    track
      .map(([x, y], i) => `<circle cx="${x}" cy="${y}" r="20" fill="${pipColours[i % 4]}" ${thin}/>`)
      .join("") +
    `<path d="${starPath(590, 262, 32)}" fill="${ink.star}" ${thin}/>` +
    portrait(c, 300, 320, 160)
  );
}

const boardGame: KindArt = {
  draw: (c) =>
    shadow(410, 560, 300) +
    `<path d="M178 492L672 449v70L178 562zM128 271L178 492v70L128 341z" fill="${c.sw.dark}" ${outline}/>` +
    `<path d="M178 528L672 485M128 307L178 528" stroke="${ink.outline}" stroke-width="3"/>` +
    `<g transform="translate(400 360) scale(1 .62) rotate(-8) translate(-400 -360)">${lidArt(c)}</g>` +
    die(540, 630, 14) +
    die(640, 600, -12) +
    pawn(230, 680, pipColours[c.style] ?? ink.brand),
  alt: (c) =>
    shadow(400, 660, 270) +
    `<rect x="150" y="170" width="500" height="490" rx="16" fill="${c.sw.light}" ${outline}/>` +
    `<path d="M212 232h376v366h-376z" fill="none" stroke="${c.sw.main}" stroke-width="56"/>` +
    `<path d="M212 232h376v366h-376z" fill="none" stroke="#fff" stroke-width="56" stroke-dasharray="56 56"/>` +
    portrait(c, 400, 420, 210) +
    pawn(260, 240, "#FF6B6B") +
    pawn(560, 600, "#8E6CEF") +
    die(640, 690, 18),
  focus: [340, 380, 1.8],
  scene: "room",
};

/** Jigsaw cut lines over an n×n grid: each edge carries a knob, alternating sides. */
function jigsawCuts(x0: number, y0: number, size: number, n: number): string {
  const l = size / n;
  const a = `${l * 0.35}`;
  const r = Math.round(l * 0.2);
  let d = "";
  for (let i = 1; i < n; i++) {
    d += `M${x0 + i * l} ${y0}`;
    for (let j = 0; j < n; j++) d += `v${a}a${r} ${r} 0 1 ${(i + j) % 2} 0 ${l * 0.3}v${a}`;
    d += `M${x0} ${y0 + i * l}`;
    for (let j = 0; j < n; j++) d += `h${a}a${r} ${r} 0 1 ${(i + j + 1) % 2} ${l * 0.3} 0h${a}`;
  }
  return d;
}

const piece = "M0 0h38a22 22 0 1 1 34 0h38v38a22 22 0 1 1 0 34v38h-38a22 22 0 1 0 -34 0h-38z";

const puzzle: KindArt = {
  draw: (c) =>
    shadow(400, 650, 260) +
    `<g transform="rotate(-4 400 410)"><rect x="180" y="190" width="440" height="440" rx="6" fill="${motifSky(c.motif, c.sw)}" ${outline}/>` +
    drawMotif(c.motif, c.sw, 180, 190, 440, 440) +
    portrait(c, 420, 420, 250) +
    `<path d="M510 190h110v110h-110z" fill="${ink.navy}" opacity=".55"/>` +
    `<path d="${jigsawCuts(180, 190, 440, 4)}" fill="none" stroke="${c.sw.dark}" stroke-width="4" opacity=".7"/></g>` +
    `<path d="${piece}" transform="translate(600 560) rotate(24)" fill="${c.sw.main}" ${outline}/>`,
  focus: [560, 300, 2],
  scene: "room",
};

function pentagon(cx: number, cy: number, r: number, turn: number): string {
  const pts = [0, 1, 2, 3, 4].map((i) => {
    const t = ((i * 72 + turn) * Math.PI) / 180;
    return `${Math.round(cx + r * Math.sin(t))} ${Math.round(cy - r * Math.cos(t))}`;
  });
  return `M${pts.join("L")}Z`;
}

const ball: KindArt = {
  draw: (c) => {
    const patches = [0, 1, 2, 3, 4].map((i) => {
      const t = ((i * 72 + 36) * Math.PI) / 180;
      return pentagon(400 + 210 * Math.sin(t), 410 - 210 * Math.cos(t), 70, i * 72);
    });
    return (
      shadow(400, 668, 200) +
      `<clipPath id="bc"><circle cx="400" cy="410" r="240"/></clipPath>` +
      `<circle cx="400" cy="410" r="240" fill="#fff"/>` +
      `<path clip-path="url(#bc)" d="${patches.join("")}" fill="${c.sw.main}" ${outline}/>` +
      portrait(c, 400, 420, 200) +
      gloss("M250 300a170 170 0 0 1 120 -100a200 200 0 0 0 -120 100z") +
      `<circle cx="400" cy="410" r="240" fill="none" ${outline}/>`
    );
  },
  focus: [400, 400, 1.7],
  scene: "park",
};

const kite: KindArt = {
  draw: (c) => {
    const bows = [650, 715, 780]
      .map(
        (y, i) =>
          `<path d="M${400 + (i % 2 ? 16 : -16)} ${y}l-26 -14v28zl26 -14v28z" fill="${c.sw.accent}" ${thin}/>`,
      )
      .join("");
    return (
      `<path d="M400 610c-40 40 40 60 0 100s-30 60 0 100" fill="none" stroke="${ink.outline}" stroke-width="3"/>${bows}` +
      `<path d="M400 320L780 800" stroke="${ink.outline}" stroke-width="2"/>` +
      `<path d="M400 110L600 320L400 320zM400 610L200 320L400 320z" fill="${c.sw.main}"/>` +
      `<path d="M600 320L400 610L400 320zM200 320L400 110L400 320z" fill="${c.sw.light}"/>` +
      `<path d="M400 110L600 320L400 610L200 320ZM400 110V610M200 320H600" fill="none" ${outline}/>` +
      portrait(c, 400, 336, 170)
    );
  },
  focus: [400, 330, 1.8],
  scene: "sky",
};

const outdoorToy: KindArt = {
  draw: (c) =>
    shadow(400, 650, 220) +
    `<path d="M250 330C250 150 550 150 550 330" fill="none" stroke="${ink.navy}" stroke-width="8"/>` +
    `<path d="M255 330h290l-32 310h-226z" fill="${c.sw.main}" ${outline}/>` +
    `<rect x="236" y="306" width="328" height="44" rx="14" fill="${c.sw.dark}" ${outline}/>` +
    portrait(c, 400, 500, 170) +
    `<g transform="translate(600 430) rotate(22)"><rect x="-10" y="-200" width="20" height="250" fill="${c.sw.accent}" ${outline}/>` +
    `<path d="M-48 40h96l-10 96q-38 30 -76 0z" fill="${c.sw.accent}" ${outline}/></g>`,
  focus: [400, 480, 1.8],
  scene: "park",
};

export const toyKinds = { plush, figure, boardGame, puzzle, ball, kite, outdoorToy } as const;
