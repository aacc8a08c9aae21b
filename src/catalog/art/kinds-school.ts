import { type ArtContext, gloss, type KindArt, outline, portrait, shadow, thin } from "./art-kit.ts";
import { miaubotHead } from "./miaubot-figure.ts";
import { ink } from "./palette.ts";
import { starPath } from "./svg.ts";

const rainbow = ["#E63946", "#FF9F43", "#FFD23F", "#8AC926", "#19B5C9", "#009FE3", "#8E6CEF"];

/** A sharpened pencil standing on (x, bottom), 36 wide, tip at `top`. */
function pencil(x: number, top: number, bottom: number, colour: string): string {
  return (
    `<path d="M${x} ${top + 46}h36V${bottom}h-36z" fill="${colour}" ${thin}/>` +
    `<path d="M${x} ${top + 46}l18 -46l18 46z" fill="#F3D2A2" ${thin}/>` +
    `<path d="M${x + 12} ${top + 15}l6 -15l6 15z" fill="${colour}"/>`
  );
}

const zipper = (d: string): string =>
  `<path d="${d}" fill="none" stroke="${ink.navy}" stroke-width="12"/><path d="${d}" fill="none" stroke="#C8CED6" stroke-width="8" stroke-dasharray="4 4"/>`;

const pencilCase: KindArt = {
  draw: (c) =>
    shadow(400, 600, 250) +
    `<g transform="rotate(-24 230 300)">${pencil(212, 160, 330, rainbow[c.style] ?? ink.brand)}</g>` +
    `<path d="M160 340q0 -44 44 -44h392q44 0 44 44v190q0 56 -56 56h-368q-56 0 -56 -56z" fill="${c.sw.main}" ${outline}/>` +
    `<path d="M180 350q0 -30 30 -30h380q30 0 30 30v176q0 40 -40 40h-360q-40 0 -40 -40z" fill="none" stroke="#fff" stroke-width="3" stroke-dasharray="10 8" opacity=".7"/>` +
    zipper("M180 318h440") +
    `<circle cx="600" cy="318" r="12" fill="#C8CED6" ${thin}/><rect x="588" y="326" width="24" height="56" rx="10" fill="${c.sw.accent}" ${thin}/>` +
    portrait(c, 310, 460, 170) +
    `<path d="${starPath(470, 420, 24)}${starPath(540, 480, 18)}${starPath(480, 520, 14)}" fill="${c.sw.accent}"/>`,
  focus: [330, 440, 1.9],
  scene: "desk",
};

const pencils: KindArt = {
  draw: (c) =>
    shadow(400, 650, 230) +
    rainbow
      .map((colour, i) => pencil(232 + i * 48, 150 + ((i * 37 + c.style * 19) % 90), 500, colour))
      .join("") +
    `<rect x="210" y="380" width="380" height="260" rx="18" fill="${c.sw.main}" ${outline}/>` +
    `<rect x="230" y="400" width="340" height="70" rx="12" fill="${c.sw.light}"/>` +
    portrait(c, 400, 545, 150) +
    gloss("M232 420h40v200h-40z"),
  focus: [400, 300, 1.8],
  scene: "desk",
};

const notebook: KindArt = {
  draw: (c) => {
    const rings = Array.from({ length: 12 }, (_, i) => `M196 ${186 + i * 38}h44`).join("");
    return (
      shadow(410, 650, 230) +
      `<rect x="236" y="160" width="380" height="486" rx="14" fill="#fff" ${outline}/>` +
      `<rect x="220" y="150" width="380" height="486" rx="14" fill="${c.sw.main}" ${outline}/>` +
      `<rect x="548" y="150" width="22" height="486" fill="${c.sw.accent}"/>` +
      `<rect x="290" y="470" width="220" height="110" rx="12" fill="#fff" ${thin}/>` +
      `<path d="M310 510h180M310 545h140" stroke="#B8C2CC" stroke-width="8" stroke-linecap="round"/>` +
      portrait(c, 400, 320, 200) +
      `<path d="${rings}" stroke="#9AA6B2" stroke-width="10" stroke-linecap="round"/>`
    );
  },
  focus: [400, 330, 1.8],
  scene: "desk",
};

const backpack: KindArt = {
  draw: (c) =>
    shadow(400, 660, 230) +
    `<path d="M240 300q-50 160 0 320M560 300q50 160 0 320" fill="none" stroke="${c.sw.dark}" stroke-width="26" stroke-linecap="round"/>` +
    `<path d="M345 160q55 -70 110 0" fill="none" stroke="${c.sw.dark}" stroke-width="16"/>` +
    `<path d="M230 290q0 -150 170 -150t170 150v300q0 60 -60 60h-220q-60 0 -60 -60z" fill="${c.sw.main}" ${outline}/>` +
    zipper("M250 300q150 -180 300 0") +
    `<rect x="270" y="400" width="260" height="220" rx="44" fill="${c.sw.dark}" ${outline}/>` +
    zipper("M300 430h200") +
    portrait(c, 400, 525, 150) +
    `<path d="${starPath(290, 240, 18)}" fill="${c.sw.accent}" ${thin}/>`,
  focus: [400, 500, 1.8],
  scene: "desk",
};

const lunchBox: KindArt = {
  draw: (c) =>
    shadow(420, 640, 270) +
    `<path d="M300 300v-60q0 -30 30 -30h100q30 0 30 30v60" fill="none" stroke="${c.sw.dark}" stroke-width="18"/>` +
    `<rect x="170" y="300" width="420" height="320" rx="34" fill="${c.sw.main}" ${outline}/>` +
    `<rect x="160" y="290" width="440" height="80" rx="28" fill="${c.sw.dark}" ${outline}/>` +
    `<rect x="210" y="340" width="34" height="50" rx="8" fill="${c.sw.accent}" ${thin}/><rect x="516" y="340" width="34" height="50" rx="8" fill="${c.sw.accent}" ${thin}/>` +
    portrait(c, 380, 500, 170) +
    `<rect x="600" y="330" width="110" height="300" rx="34" fill="${c.sw.accent}" ${outline}/>` +
    `<rect x="620" y="280" width="70" height="60" rx="14" fill="${c.sw.dark}" ${outline}/>` +
    gloss("M620 370h24v220h-24z"),
  focus: [380, 470, 1.8],
  scene: "desk",
};

function ruler(c: ArtContext): string {
  const ticks = Array.from({ length: 15 }, (_, i) => `M${150 + i * 34} 250v${i % 2 ? 16 : 28}`).join("");
  return (
    `<g transform="rotate(-12 400 270)"><rect x="130" y="250" width="540" height="70" rx="8" fill="${c.sw.light}" opacity=".9" ${outline}/>` +
    `<path d="${ticks}" stroke="${ink.navy}" stroke-width="3"/></g>`
  );
}

const schoolSupply: KindArt = {
  draw: (c) =>
    shadow(400, 650, 270) +
    ruler(c) +
    `<rect x="190" y="400" width="220" height="130" rx="24" fill="${c.sw.main}" ${outline}/>` +
    `<rect x="250" y="400" width="110" height="130" fill="#fff" ${thin}/>` +
    miaubotHead(305, 470, 90) +
    `<rect x="470" y="420" width="120" height="100" rx="12" fill="${c.sw.accent}" ${outline}/><circle cx="530" cy="470" r="24" fill="${ink.navy}"/>` +
    `<g transform="rotate(80 400 600)">${pencil(382, 380, 760, c.sw.dark)}</g>`,
  focus: [320, 460, 1.9],
  scene: "desk",
};

export const schoolKinds = { pencilCase, pencils, notebook, backpack, lunchBox, schoolSupply } as const;
