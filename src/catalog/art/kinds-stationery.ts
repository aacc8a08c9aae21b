import { gloss, type KindArt, outline, portrait, shadow, thin } from "./art-kit.ts";
import { miaubotHead } from "./miaubot-figure.ts";
import { ink } from "./palette.ts";
import { starPath } from "./svg.ts";

const scissors: KindArt = {
  draw: (c) =>
    shadow(420, 650, 220) +
    `<path d="M392 452L610 150l26 18L430 470zM408 452L520 120l30 8L446 462z" fill="#D5DBE1" ${outline}/>` +
    gloss("M420 440L600 170l8 6z") +
    `<ellipse cx="300" cy="560" rx="86" ry="60" transform="rotate(-30 300 560)" fill="none" stroke="${ink.outline}" stroke-width="44"/>` +
    `<ellipse cx="300" cy="560" rx="86" ry="60" transform="rotate(-30 300 560)" fill="none" stroke="${c.sw.main}" stroke-width="34"/>` +
    `<ellipse cx="470" cy="600" rx="80" ry="56" transform="rotate(20 470 600)" fill="none" stroke="${ink.outline}" stroke-width="44"/>` +
    `<ellipse cx="470" cy="600" rx="80" ry="56" transform="rotate(20 470 600)" fill="none" stroke="${c.sw.main}" stroke-width="34"/>` +
    `<path d="M360 500l50 -50l40 60z" fill="${c.sw.main}" ${outline}/>` +
    `<circle cx="418" cy="458" r="26" fill="${c.sw.accent}" ${outline}/>` +
    miaubotHead(418, 462, 40),
  focus: [420, 470, 1.9],
  scene: "desk",
};

const stickers: KindArt = {
  draw: (c) => {
    const cells = [0, 1, 2].flatMap((row) =>
      [0, 1, 2].map((col) => {
        const [x, y] = [270 + col * 130, 250 + row * 140];
        if ((row + col + c.style) % 3 === 0)
          return `<circle cx="${x}" cy="${y}" r="52" fill="#fff" ${thin}/>${portrait(c, x, y + 6, 80)}`;
        const shape =
          (row + col) % 2 === 0
            ? starPath(x, y, 54)
            : `M${x} ${y + 40}l-44 -44a26 26 0 0 1 44 -30a26 26 0 0 1 44 30z`;
        return `<path d="${shape}" fill="${(row + col) % 2 === 0 ? ink.star : c.sw.accent}" ${thin}/>`;
      }),
    );
    return (
      shadow(410, 660, 240) +
      `<g transform="rotate(-5 400 400)"><rect x="180" y="160" width="440" height="480" rx="22" fill="${c.sw.light}" ${outline}/>` +
      cells.join("") +
      `<path d="M620 560v58q0 22 -22 22h-58z" fill="#fff" ${outline}/></g>`
    );
  },
  focus: [270, 260, 2],
  scene: "desk",
};

const folder: KindArt = {
  draw: (c) =>
    shadow(410, 650, 240) +
    `<rect x="236" y="150" width="370" height="490" rx="12" fill="${c.sw.dark}" ${outline}/>` +
    `<rect x="200" y="170" width="380" height="470" rx="12" fill="${c.sw.main}" ${outline}/>` +
    portrait(c, 390, 390, 220) +
    `<path d="M250 170L200 220M530 640L580 590" stroke="${c.sw.accent}" stroke-width="14" stroke-linecap="round"/>` +
    `<path d="${starPath(260, 580, 22)}${starPath(520, 230, 18)}" fill="${c.sw.light}"/>`,
  focus: [390, 380, 1.8],
  scene: "desk",
};

export const stationeryKinds = { scissors, stickers, folder } as const;
