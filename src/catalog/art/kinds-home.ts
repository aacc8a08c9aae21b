import { type ArtContext, gloss, type KindArt, outline, portrait, shadow, thin } from "./art-kit.ts";
import { character } from "./friends.ts";
import { ink } from "./palette.ts";
import { starPath } from "./svg.ts";

function headPattern(c: ArtContext, id: string): string {
  return (
    `<pattern id="${id}" width="140" height="140" patternUnits="userSpaceOnUse"><rect width="140" height="140" fill="${c.sw.main}"/>` +
    `<use href="#mh" transform="translate(40 44) scale(.28)"/><path d="${starPath(108, 110, 12)}" fill="${c.sw.light}"/></pattern>`
  );
}

const bedLinen: KindArt = {
  draw: (c) =>
    shadow(400, 690, 320) +
    headPattern(c, "bl") +
    `<path d="M190 360v-150q0 -50 50 -50h320q50 0 50 50v150z" fill="#C98F5B" ${outline}/>` +
    `<path d="M150 600h500v50h-500zM160 650h30v30h-30zM610 650h30v30h-30z" fill="#A9713F" ${outline}/>` +
    `<rect x="260" y="250" width="280" height="100" rx="40" fill="${c.sw.light}" ${outline}/>` +
    `<path d="M210 320h380l60 280h-500z" fill="url(#bl)" ${outline}/>` +
    `<path d="M210 320h380l10 60h-400z" fill="${c.sw.light}" ${outline}/>`,
  focus: [400, 480, 1.8],
  scene: "bedroom",
};

const mug: KindArt = {
  draw: (c) =>
    shadow(400, 640, 220) +
    `<path d="M510 330q110 0 110 110t-110 110" fill="none" stroke="${ink.outline}" stroke-width="50"/>` +
    `<path d="M510 330q110 0 110 110t-110 110" fill="none" stroke="${c.sw.main}" stroke-width="38"/>` +
    `<path d="M250 260h270v300q0 70 -70 70h-130q-70 0 -70 -70z" fill="${c.sw.main}" ${outline}/>` +
    `<ellipse cx="385" cy="260" rx="135" ry="32" fill="${c.sw.dark}" ${outline}/><ellipse cx="385" cy="268" rx="112" ry="20" fill="#7A4A2E"/>` +
    portrait(c, 385, 450, 170) +
    gloss("M268 300h26v260q-26 -10 -26 -40z") +
    `<path d="M340 200q-30 -40 0 -80t0 -80M430 200q-30 -40 0 -80" fill="none" stroke="#B8C2CC" stroke-width="10" stroke-linecap="round" opacity=".7"/>`,
  focus: [385, 440, 1.8],
  scene: "kitchen",
};

/** A towel hanging over a rail: its front panel carries the print. */
const towel: KindArt = {
  draw: (c) =>
    shadow(400, 680, 200) +
    `<path d="M150 180h500" stroke="#9AA6B2" stroke-width="18" stroke-linecap="round"/><path d="M160 180v-40M640 180v-40" stroke="#9AA6B2" stroke-width="14"/>` +
    `<path d="M270 180h300v360h-300z" fill="${c.sw.dark}" ${outline}/>` +
    `<path d="M230 190q0 -40 40 -40h260q40 0 40 40v440h-340z" fill="${c.sw.main}" ${outline}/>` +
    `<path d="M230 560h340M230 590h340" stroke="${c.sw.accent}" stroke-width="14"/>` +
    `<path d="M240 630v24M270 630v24M300 630v24M330 630v24M360 630v24M390 630v24M420 630v24M450 630v24M480 630v24M510 630v24M540 630v24" stroke="${c.sw.main}" stroke-width="8" stroke-linecap="round"/>` +
    portrait(c, 400, 370, 190) +
    `<path d="M246 200v340M554 200v340" stroke="#fff" stroke-width="4" stroke-dasharray="8 8" opacity=".7"/>`,
  focus: [400, 370, 1.9],
  scene: "bath",
};

const bathrobe: KindArt = {
  draw: (c) =>
    shadow(400, 680, 200) +
    `<path d="M300 230l-10 -100l70 40zM500 230l10 -100l-70 40z" fill="${c.sw.main}" ${outline}/>` +
    `<path d="M290 250q0 -120 110 -120t110 120z" fill="${c.sw.dark}" ${outline}/>` +
    `<path d="M290 230l-120 300l60 25l70 -140zM510 230l120 300l-60 25l-70 -140z" fill="${c.sw.main}" ${outline}/>` +
    `<path d="M290 230h220l40 440h-300z" fill="${c.sw.main}" ${outline}/>` +
    `<path d="M330 230l70 200l70 -200" fill="none" stroke="${c.sw.dark}" stroke-width="34" stroke-linejoin="round"/>` +
    `<path d="M260 440h280M380 440l-30 120M420 440l30 120" stroke="${c.sw.accent}" stroke-width="20" stroke-linecap="round"/>` +
    `<rect x="440" y="500" width="80" height="80" rx="12" fill="${c.sw.light}" ${thin}/>` +
    portrait(c, 480, 536, 60),
  focus: [430, 470, 1.8],
  scene: "bath",
};

const lamp: KindArt = {
  draw: (c) =>
    `<radialGradient id="gl"><stop offset="0" stop-color="#FFE58A"/><stop offset="1" stop-color="#FFE58A" stop-opacity="0"/></radialGradient>` +
    `<circle cx="400" cy="380" r="300" fill="url(#gl)"/>` +
    shadow(400, 650, 170) +
    `<rect x="388" y="420" width="24" height="170" fill="#C8CED6" ${thin}/>` +
    `<path d="M280 630q0 -50 120 -50t120 50z" fill="${c.sw.dark}" ${outline}/>` +
    `<path d="M290 170h220l80 260h-380z" fill="${c.sw.main}" ${outline}/>` +
    `<path d="M295 190h210M215 410h370" stroke="${c.sw.accent}" stroke-width="12"/>` +
    portrait(c, 400, 310, 140),
  focus: [400, 310, 1.8],
  scene: "bedroom",
};

const cushion: KindArt = {
  draw: (c) =>
    shadow(400, 640, 230) +
    `<path d="M190 190Q400 160 610 190Q640 400 610 610Q400 640 190 610Q160 400 190 190z" fill="${c.sw.main}" ${outline}/>` +
    `<path d="M214 212Q400 188 586 212Q612 400 586 588Q400 612 214 588Q188 400 214 212z" fill="none" stroke="${c.sw.light}" stroke-width="6" stroke-dasharray="12 10"/>` +
    (c.style === 1 ? character(c.who, 400, 400, 320, { pose: "cheer" }) : portrait(c, 400, 420, 260)) +
    `<path d="${starPath(250, 250, 20)}${starPath(560, 540, 16)}" fill="${c.sw.accent}"/>`,
  focus: [400, 400, 1.6],
  scene: "bedroom",
};

const homeItem: KindArt = {
  draw: (c) =>
    `<path d="M260 170l140 -90l140 90" fill="none" stroke="${ink.navy}" stroke-width="5"/><circle cx="400" cy="80" r="10" fill="${ink.navy}"/>` +
    `<rect x="220" y="180" width="380" height="460" rx="8" fill="#000" opacity=".12"/>` +
    `<rect x="200" y="160" width="400" height="460" rx="8" fill="${c.sw.main}" ${outline}/>` +
    `<rect x="236" y="196" width="328" height="388" fill="#fff" ${thin}/>` +
    `<rect x="262" y="222" width="276" height="336" fill="${c.sw.light}"/>` +
    `<path d="M262 500q140 -60 276 0v58h-276z" fill="#8AC926"/>` +
    character(c.who, 400, 400, 250, { pose: "wave" }),
  focus: [400, 380, 1.6],
  scene: "room",
};

export const homeKinds = { bedLinen, mug, towel, bathrobe, lamp, cushion, homeItem } as const;
