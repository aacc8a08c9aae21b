import { type ArtContext, gloss, type KindArt, outline, portrait, shadow, thin } from "./art-kit.ts";
import { miaubotHead } from "./miaubot-figure.ts";
import { ink } from "./palette.ts";
import { starPath } from "./svg.ts";

function sock(c: ArtContext, x: number, y: number, fill: string): string {
  return (
    `<g transform="translate(${x} ${y})">` +
    `<path d="M0 0h130v240q0 24 24 36l70 34q40 22 22 58q-18 30 -60 18l-150 -64q-36 -16 -36 -56z" fill="${fill}" ${outline}/>` +
    `<path d="M186 298q40 8 40 40q-6 26 -34 30q10 -40 -6 -70zM0 300q0 30 36 46l40 18q-10 -50 -76 -64z" fill="${c.sw.accent}" ${thin}/>` +
    `<rect x="-6" y="-10" width="142" height="56" rx="8" fill="${c.sw.dark}" ${outline}/>` +
    `<path d="M16 -4v44M40 -4v44M64 -4v44M88 -4v44M112 -4v44" stroke="${fill}" stroke-width="4" opacity=".6"/>` +
    portrait(c, 65, 150, 100) +
    `</g>`
  );
}

const socks: KindArt = {
  draw: (c) => shadow(420, 650, 250) + sock(c, 330, 170, c.sw.light) + sock(c, 200, 210, c.sw.main),
  focus: [270, 360, 1.9],
  scene: "room",
};

const swimwear: KindArt = {
  draw: (c) =>
    shadow(400, 620, 230) +
    `<path d="M230 260h340l40 330h-170l-40 -180l-40 180h-170z" fill="${c.sw.main}" ${outline}/>` +
    `<path d="M590 270l34 310" stroke="${c.sw.accent}" stroke-width="20"/>` +
    `<rect x="220" y="210" width="360" height="60" rx="14" fill="${c.sw.dark}" ${outline}/>` +
    `<path d="M390 270q-20 60 -40 70M410 270q20 60 40 70" fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round"/>` +
    portrait(c, 310, 470, 120) +
    `<path d="${starPath(500, 350, 20)}${starPath(530, 440, 14)}" fill="${c.sw.light}"/>`,
  focus: [320, 440, 1.9],
  scene: "bath",
};

const lens = "M-120 -50h240q10 0 8 12l-20 90q-8 32 -40 32h-136q-32 0 -40 -32l-20 -90q-2 -12 8 -12z";

const sunglasses: KindArt = {
  draw: (c) =>
    shadow(400, 560, 260) +
    `<path d="M160 360l-30 150M640 360l30 150" stroke="${c.sw.dark}" stroke-width="16" stroke-linecap="round"/>` +
    `<path d="M130 330l16 -70l60 40zM670 330l-16 -70l-60 40z" fill="${c.sw.main}" ${outline}/>` +
    [260, 540]
      .map(
        (x) =>
          `<path transform="translate(${x} 400)" d="${lens}" fill="${c.sw.main}" ${outline}/>` +
          `<path transform="translate(${x} 404) scale(.84)" d="${lens}" fill="#2B3A67"/>`,
      )
      .join("") +
    `<path d="M370 370q30 -24 60 0" fill="none" stroke="${c.sw.main}" stroke-width="18"/>` +
    gloss("M170 380l50 0l-50 60zM450 380l50 0l-50 60z") +
    miaubotHead(400, 318, 70),
  focus: [260, 400, 1.8],
  scene: "park",
};

const faceMask: KindArt = {
  draw: (c) =>
    shadow(400, 600, 220) +
    `<ellipse cx="215" cy="400" rx="70" ry="100" fill="none" stroke="${c.sw.dark}" stroke-width="10"/><ellipse cx="585" cy="400" rx="70" ry="100" fill="none" stroke="${c.sw.dark}" stroke-width="10"/>` +
    `<path d="M230 300q170 -50 340 0v190q-170 70 -340 0z" fill="${c.sw.main}" ${outline}/>` +
    `<path d="M240 360q160 -30 320 0M240 430q160 -20 320 0" fill="none" stroke="${c.sw.dark}" stroke-width="5"/>` +
    portrait(c, 400, 400, 130),
  focus: [400, 400, 1.8],
  scene: "room",
};

const headband: KindArt = {
  draw: (c) =>
    shadow(400, 620, 200) +
    `<path d="M190 600q-40 -360 210 -370q250 10 210 370" fill="none" stroke="${ink.outline}" stroke-width="40" stroke-linecap="round"/>` +
    `<path d="M190 600q-40 -360 210 -370q250 10 210 370" fill="none" stroke="${c.sw.main}" stroke-width="30" stroke-linecap="round"/>` +
    `<path d="M230 330l-10 -150l110 80zM570 330l10 -150l-110 80z" fill="${ink.miaubot}" ${outline}/>` +
    `<path d="M242 300l-6 -90l64 50zM558 300l6 -90l-64 50z" fill="${ink.earInner}"/>` +
    `<path d="M400 232v-110" stroke="${ink.outline}" stroke-width="8"/><path d="${starPath(400, 104, 36)}" fill="${ink.star}" ${outline}/>`,
  focus: [400, 240, 1.7],
  scene: "room",
};

export const wearKinds = { socks, swimwear, sunglasses, faceMask, headband } as const;
