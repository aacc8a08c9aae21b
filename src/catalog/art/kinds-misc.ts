import { gloss, type KindArt, outline, portrait, shadow, thin } from "./art-kit.ts";
import { miaubotHead } from "./miaubot-figure.ts";
import { ink } from "./palette.ts";
import { starPath } from "./svg.ts";

const hourMarks = Array.from({ length: 12 }, (_, i) => {
  const t = (i * Math.PI) / 6;
  const [x1, y1] = [400 + 170 * Math.sin(t), 400 - 170 * Math.cos(t)];
  const [x2, y2] = [400 + 190 * Math.sin(t), 400 - 190 * Math.cos(t)];
  return `M${Math.round(x1)} ${Math.round(y1)}L${Math.round(x2)} ${Math.round(y2)}`;
}).join("");

/** A wall clock with cat ears and a star pendulum. */
const clock: KindArt = {
  draw: (c) =>
    `<path d="M400 560l${c.style * 20 - 20} 130" stroke="${ink.outline}" stroke-width="6"/><path d="${starPath(380 + c.style * 20, 700, 30)}" fill="${ink.star}" ${outline}/>` +
    `<path d="M220 290l-10 -170l130 70zM580 290l10 -170l-130 70z" fill="${c.sw.main}" ${outline}/>` +
    `<circle cx="400" cy="400" r="240" fill="${c.sw.main}" ${outline}/>` +
    `<circle cx="400" cy="400" r="205" fill="#fff" ${thin}/>` +
    `<path d="${hourMarks}" stroke="${ink.navy}" stroke-width="8" stroke-linecap="round"/>` +
    miaubotHead(400, 440, 190) +
    `<path d="M400 400l80 -110M400 400l-120 -40" stroke="${ink.collar}" stroke-width="12" stroke-linecap="round"/><circle cx="400" cy="400" r="14" fill="${ink.collar}"/>`,
  focus: [400, 420, 1.6],
  scene: "room",
};

const bottle: KindArt = {
  draw: (c) =>
    shadow(400, 670, 130) +
    `<path d="M440 170l40 -70" stroke="${c.sw.accent}" stroke-width="18" stroke-linecap="round"/>` +
    `<rect x="320" y="160" width="160" height="70" rx="24" fill="${c.sw.dark}" ${outline}/>` +
    `<path d="M330 190q-50 0 -50 -40t50 -40" fill="none" stroke="${c.sw.dark}" stroke-width="14"/>` +
    `<rect x="280" y="220" width="240" height="440" rx="60" fill="${c.sw.main}" ${outline}/>` +
    `<rect x="280" y="540" width="240" height="40" fill="${c.sw.dark}" opacity=".5"/>` +
    portrait(c, 400, 400, 170) +
    gloss("M300 270h24v300h-24z"),
  focus: [400, 380, 1.8],
  scene: "desk",
};

const wheel = (x: number, y: number, r: number): string =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${ink.navy}" ${outline}/><circle cx="${x}" cy="${y}" r="${r / 2.4}" fill="#C8CED6"/>`;

/** A three-wheeled kick scooter in profile: two wheels in front, one at the back. */
const scooter: KindArt = {
  draw: (c) =>
    shadow(400, 660, 280) +
    `<path d="M230 130h100" stroke="${ink.navy}" stroke-width="26" stroke-linecap="round"/>` +
    `<path d="M280 140l-40 460" stroke="${c.sw.dark}" stroke-width="30" stroke-linecap="round"/>` +
    `<rect x="250" y="570" width="400" height="40" rx="20" fill="${c.sw.main}" ${outline}/>` +
    wheel(215, 612, 44) +
    wheel(270, 618, 38) +
    wheel(640, 618, 38) +
    `<path d="M640 570q40 -30 60 10" fill="none" stroke="${c.sw.dark}" stroke-width="12"/>` +
    `<rect x="236" y="250" width="80" height="150" rx="26" fill="${c.sw.main}" transform="rotate(5 276 325)" ${outline}/>` +
    portrait(c, 274, 320, 70),
  focus: [300, 320, 1.9],
  scene: "park",
};

export const miscKinds = { clock, bottle, scooter } as const;
