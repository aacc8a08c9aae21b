import { type ArtContext, type KindArt, outline, portrait, shadow, thin } from "./art-kit.ts";
import { character } from "./friends.ts";
import { ink } from "./palette.ts";
import { starPath } from "./svg.ts";

const tee = "M330 150q70 40 140 0l120 40l70 130l-90 40l-30 -50v320h-280v-320l-30 50l-90 -40l70 -130z";

/** Three print layouts, so two shirts of the same line still differ. */
function chestPrint(c: ArtContext, x: number, y: number, size: number): string {
  if (c.style === 1) return character(c.who, x, y, size * 1.15, { pose: "cheer" });
  const stars =
    c.style === 2
      ? `<path d="${starPath(x - size * 0.6, y - size * 0.3, 18)}${starPath(x + size * 0.62, y + size * 0.2, 14)}" fill="${c.sw.accent}"/>`
      : "";
  return portrait(c, x, y, size) + stars;
}

const tshirt: KindArt = {
  draw: (c) =>
    shadow(400, 650, 200) +
    `<path d="${tee}" fill="${c.sw.main}" ${outline}/>` +
    `<path d="M330 150q70 40 140 0M210 190l-70 130M590 190l70 130" fill="none" stroke="${c.sw.dark}" stroke-width="10"/>` +
    chestPrint(c, 400, 390, 190),
  focus: [400, 380, 1.9],
  scene: "room",
};

const longSleeves =
  "M345 140q55 35 110 0l95 30l70 200l-60 20l-55 -140v180h-210v-180l-55 140l-60 -20l70 -200z";

function fabric(c: ArtContext, id: string): string {
  return `<pattern id="${id}" width="70" height="70" patternUnits="userSpaceOnUse"><rect width="70" height="70" fill="${c.sw.main}"/><path d="${starPath(18, 18, 10)}${starPath(53, 53, 8)}" fill="${c.sw.light}"/></pattern>`;
}

const pyjama: KindArt = {
  draw: (c) =>
    shadow(400, 690, 200) +
    fabric(c, "pj") +
    `<path d="M295 400h210l25 280h-100l-30 -190l-30 190h-100z" fill="url(#pj)" ${outline}/>` +
    `<path d="M270 680h100M430 680h100" stroke="${c.sw.accent}" stroke-width="16"/>` +
    `<path d="${longSleeves}" fill="url(#pj)" ${outline}/>` +
    `<path d="M345 140q55 35 110 0M185 372l58 20M557 392l58 -20M295 425h210" fill="none" stroke="${c.sw.accent}" stroke-width="14"/>` +
    portrait(c, 400, 270, 120),
  focus: [400, 270, 2],
  scene: "bedroom",
};

const sweatshirt: KindArt = {
  draw: (c) =>
    shadow(400, 650, 220) +
    `<path d="M320 180q80 -120 160 0z" fill="${c.sw.dark}" ${outline}/>` +
    `<path d="M330 160q70 50 140 0l110 40l80 260l-70 25l-60 -170v270h-260v-270l-60 170l-70 -25l80 -260z" fill="${c.sw.main}" ${outline}/>` +
    `<path d="M270 610h260M167 470l66 -24M633 470l-66 -24" stroke="${c.sw.dark}" stroke-width="18"/>` +
    `<path d="M380 190v80M420 190v80" stroke="${c.sw.accent}" stroke-width="6" stroke-linecap="round"/>` +
    `<path d="M310 480h180l30 100h-240z" fill="${c.sw.dark}" ${outline}/>` +
    portrait(c, 400, 380, 130),
  focus: [400, 360, 1.9],
  scene: "room",
};

export function catHood(fill: string, inside: string): string {
  return (
    `<path d="M304 214l-12 -130l84 46zM496 214l12 -130l-84 46z" fill="${fill}" ${outline}/>` +
    `<path d="M290 260q0 -150 110 -150t110 150z" fill="${fill}" ${outline}/>` +
    `<ellipse cx="400" cy="225" rx="68" ry="70" fill="${inside}" ${outline}/>`
  );
}

const raincoat: KindArt = {
  draw: (c) =>
    shadow(400, 670, 230) +
    `<path d="M300 250l-110 230l55 25l75 -150zM500 250l110 230l-55 25l-75 -150z" fill="${c.sw.main}" ${outline}/>` +
    `<path d="M300 250h200l50 410h-300z" fill="${c.sw.main}" ${outline}/>` +
    catHood(c.sw.main, c.sw.dark) +
    `<path d="M400 300v360" stroke="${c.sw.dark}" stroke-width="6"/>` +
    [360, 440, 520, 600]
      .map((y) => `<rect x="385" y="${y}" width="30" height="14" rx="7" fill="${c.sw.accent}" ${thin}/>`)
      .join("") +
    `<path d="M290 520h70v40h-70zM440 520h70v40h-70z" fill="${c.sw.dark}" ${thin}/>` +
    portrait(c, 460, 400, 70),
  focus: [400, 300, 1.8],
  scene: "rain",
};

/** Eye holes are real holes (even-odd), so the backdrop shows through them. */
const maskFace =
  "M180 400a220 180 0 1 0 440 0a220 180 0 1 0 -440 0zM280 380q50 -70 100 0q-50 40 -100 0zM420 380q50 -70 100 0q-50 40 -100 0z";

const mask: KindArt = {
  draw: (c) =>
    shadow(400, 640, 200) +
    `<g transform="rotate(-6 400 400)">` +
    `<path d="M190 400C40 300 110 90 400 70C690 90 760 300 610 400" fill="none" stroke="${c.sw.dark}" stroke-width="8"/>` +
    `<path d="M214 360l-22 -210l136 86zM586 360l22 -210l-136 86z" fill="${ink.miaubot}" ${outline}/>` +
    `<path d="M222 330l-14 -140l86 60zM578 330l14 -140l-86 60z" fill="${ink.earInner}"/>` +
    `<path d="${maskFace}" fill="${ink.miaubot}" fill-rule="evenodd" ${outline}/>` +
    `<path d="M384 460h32l-16 18z" fill="${ink.navy}"/><path d="M360 500q20 20 40 0q20 20 40 0" fill="none" stroke="${ink.navy}" stroke-width="6"/>` +
    `<ellipse cx="270" cy="470" rx="30" ry="16" fill="${ink.cheek}"/><ellipse cx="530" cy="470" rx="30" ry="16" fill="${ink.cheek}"/>` +
    `<circle cx="190" cy="400" r="12" fill="${c.sw.accent}" ${thin}/><circle cx="610" cy="400" r="12" fill="${c.sw.accent}" ${thin}/></g>`,
  focus: [400, 390, 1.6],
  scene: "room",
};

export const clothesKinds = { tshirt, pyjama, sweatshirt, raincoat, mask } as const;
