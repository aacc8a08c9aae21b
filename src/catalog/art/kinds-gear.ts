import { type ArtContext, gloss, type KindArt, outline, portrait, shadow, thin } from "./art-kit.ts";
import { miaubotHead } from "./miaubot-figure.ts";
import { ink } from "./palette.ts";

/** A wellington boot seen from the side, toe to the right, shaft top-left at (x, y). */
function boot(c: ArtContext, x: number, y: number, fill: string): string {
  return (
    `<g transform="translate(${x} ${y})">` +
    `<path d="M12 -6l8 -44l32 34zM138 -6l-8 -44l-32 34z" fill="${fill}" ${outline}/>` +
    `<path d="M0 0h150v290q0 22 30 32l56 18q44 14 44 52v20h-280z" fill="${fill}" ${outline}/>` +
    `<rect x="-6" y="392" width="292" height="28" rx="10" fill="${ink.navy}" ${outline}/>` +
    `<rect x="-8" y="-12" width="166" height="34" rx="12" fill="${c.sw.dark}" ${outline}/>` +
    portrait(c, 75, 170, 110) +
    gloss("M18 40h20v250h-20z") +
    `</g>`
  );
}

const rainBoots: KindArt = {
  draw: (c) => shadow(420, 665, 270) + boot(c, 340, 220, c.sw.dark) + boot(c, 200, 250, c.sw.main),
  focus: [290, 430, 1.8],
  scene: "rain",
};

/** A baseball cap in profile, peak to the left. */
const cap: KindArt = {
  draw: (c) =>
    shadow(400, 560, 300) +
    `<path d="M330 260l0 -100l70 66zM500 240l40 -94l34 80z" fill="${c.sw.main}" ${outline}/>` +
    `<path d="M230 500q-10 -300 220 -300q210 0 200 300z" fill="${c.sw.main}" ${outline}/>` +
    `<path d="M450 200q-80 100 -60 300M450 200q120 100 150 300" fill="none" stroke="${c.sw.dark}" stroke-width="5"/>` +
    `<path d="M230 480q200 30 420 0v30q-210 30 -420 0z" fill="${c.sw.dark}" ${outline}/>` +
    `<ellipse cx="450" cy="200" rx="22" ry="12" fill="${c.sw.dark}" ${thin}/>` +
    `<path d="M262 468C180 462 90 482 40 530C130 556 240 540 310 500z" fill="${c.sw.dark}" ${outline}/>` +
    portrait(c, 330, 370, 130),
  focus: [340, 360, 1.9],
  scene: "park",
};

/** Rib ends along the canopy rim, left to right. */
const ribs = [130, 220, 310, 400, 490, 580, 670];

const umbrella: KindArt = {
  draw: (c) => {
    const panels = ribs
      .slice(0, -1)
      .filter((_, i) => i % 2 === 1)
      .map((x) => `M400 150Q${x} 170 ${x} 400q45 -40 90 0Q${x + 90} 170 400 150z`)
      .join("");
    const rim = ribs
      .slice(1)
      .map(() => "q-45 -40 -90 0")
      .join("");
    return (
      shadow(400, 690, 160) +
      `<path d="M400 400v240q0 40 -40 40t-40 -40" fill="none" stroke="${ink.navy}" stroke-width="14" stroke-linecap="round"/>` +
      `<path d="M400 150v-40" stroke="${ink.navy}" stroke-width="10"/>` +
      `<path d="M130 400Q130 150 400 150Q670 150 670 400${rim}z" fill="${c.sw.main}" ${outline}/>` +
      `<path d="${panels}" fill="${c.sw.light}" ${thin}/>` +
      portrait(c, 400, 310, 120)
    );
  },
  focus: [400, 300, 1.8],
  scene: "rain",
};

const helmet: KindArt = {
  draw: (c) =>
    shadow(420, 650, 250) +
    `<path d="M300 480l60 130l110 -130" fill="none" stroke="${ink.navy}" stroke-width="12" stroke-linejoin="round"/>` +
    `<rect x="338" y="596" width="44" height="30" rx="6" fill="${c.sw.accent}" ${thin}/>` +
    `<path d="M320 220l4 -70l50 46zM480 200l22 -66l30 56z" fill="${c.sw.main}" ${outline}/>` +
    `<path d="M180 470C170 290 320 195 440 195C580 200 680 300 650 470z" fill="${c.sw.main}" ${outline}/>` +
    `<path d="M300 250q60 -30 110 -36M290 300q80 -40 190 -44M470 224q70 0 120 50" fill="none" stroke="${ink.navy}" stroke-width="22" stroke-linecap="round"/>` +
    `<path d="M190 390l-100 36q-10 24 20 32l94 -8z" fill="${c.sw.dark}" ${outline}/>` +
    `<path d="M180 472Q420 510 652 470" fill="none" stroke="${ink.navy}" stroke-width="20" stroke-linecap="round"/>` +
    `<rect x="610" y="400" width="34" height="22" rx="6" fill="#FF6B3D" ${thin}/>` +
    miaubotHead(440, 380, 130) +
    gloss("M230 330q40 -90 120 -120q-70 60 -90 130z"),
  focus: [430, 340, 1.8],
  scene: "park",
};

const watch: KindArt = {
  draw: (c) => {
    const holes = [560, 600, 640]
      .map((y) => `<circle cx="400" cy="${y}" r="8" fill="${c.sw.dark}"/>`)
      .join("");
    const marks = [0, 90, 180, 270]
      .map(
        (a) =>
          `<rect x="396" y="298" width="8" height="22" rx="4" fill="${ink.navy}" transform="rotate(${a} 400 400)"/>`,
      )
      .join("");
    return (
      shadow(400, 700, 120) +
      `<rect x="330" y="110" width="140" height="580" rx="44" fill="${c.sw.main}" ${outline}/>` +
      holes +
      `<rect x="540" y="380" width="30" height="40" rx="8" fill="#C8CED6" ${thin}/>` +
      `<circle cx="400" cy="400" r="150" fill="${c.sw.dark}" ${outline}/>` +
      `<circle cx="400" cy="400" r="122" fill="#fff" ${thin}/>` +
      marks +
      miaubotHead(400, 430, 120) +
      `<path d="M400 400l50 -60M400 400l-40 -84" stroke="${ink.collar}" stroke-width="9" stroke-linecap="round"/><circle cx="400" cy="400" r="10" fill="${ink.collar}"/>` +
      gloss("M300 330q40 -70 120 -80q-80 30 -110 100z")
    );
  },
  focus: [400, 400, 1.8],
  scene: "desk",
};

export const gearKinds = { rainBoots, cap, umbrella, helmet, watch } as const;
