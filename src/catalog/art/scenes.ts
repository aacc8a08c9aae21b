import { type ArtContext, outline, place, type SceneName, shadow, thin } from "./art-kit.ts";
import { character } from "./friends.ts";
import { miaubotHead } from "./miaubot-figure.ts";
import { ink } from "./palette.ts";
import { starPath } from "./svg.ts";

/** The soft studio backdrop of the product shots. */
export function backdrop([centre, edge]: readonly [string, string]): string {
  return (
    `<radialGradient id="bg" cx=".5" cy=".45" r=".75"><stop offset=".3" stop-color="${centre}"/><stop offset="1" stop-color="${edge}"/></radialGradient>` +
    `<rect width="800" height="800" fill="url(#bg)"/>` +
    `<path d="${starPath(90, 110, 18)}${starPath(720, 150, 12)}${starPath(700, 700, 14)}" fill="${edge}" stroke="#fff" stroke-width="3"/>`
  );
}

/** Where a scene puts the object and the character: [x, y, scale] and [x, y, size]. */
type Layout = {
  back: string;
  at: readonly [number, number, number];
  buddy?: readonly [number, number, number];
};

const cloud = (x: number, y: number, s: number, fill = "#fff"): string =>
  `<path transform="translate(${x} ${y}) scale(${s})" d="M-60 20a30 30 0 0 1 10 -50a40 40 0 0 1 70 -10a30 30 0 0 1 40 60z" fill="${fill}"/>`;

const floor = (y: number, fill: string): string =>
  `<rect y="${y}" width="800" height="${800 - y}" fill="${fill}"/>`;

const windowFrame = (x: number, y: number, sky: string, extra: string): string =>
  `<rect x="${x}" y="${y}" width="180" height="150" rx="8" fill="${sky}" ${outline}/>${extra}<path d="M${x + 90} ${y}v150M${x} ${y + 75}h180" stroke="${ink.outline}" stroke-width="5"/>`;

function boxLayout(c: ArtContext): Layout {
  return {
    back:
      backdrop(["#fff", c.sw.light]) +
      shadow(420, 700, 280) +
      `<path d="M600 150l60 -50v540l-60 50zM160 150l60 -50h440l-60 50z" fill="${c.sw.dark}" ${outline}/>` +
      `<rect x="160" y="150" width="440" height="540" rx="10" fill="${c.sw.main}" ${outline}/>` +
      `<rect x="195" y="240" width="370" height="360" rx="26" fill="#fff" ${outline}/>` +
      miaubotHead(245, 196, 70) +
      `<rect x="160" y="620" width="440" height="44" fill="${c.sw.accent}"/>` +
      `<path d="${starPath(380, 642, 14)}${starPath(330, 642, 10)}${starPath(430, 642, 10)}" fill="#fff"/>`,
    at: [380, 430, 0.6],
  };
}

const layouts: Record<SceneName, (c: ArtContext) => Layout> = {
  box: boxLayout,
  room: (c) => ({
    back:
      `<rect width="800" height="800" fill="${c.sw.light}"/>` +
      windowFrame(70, 110, "#BFE9FA", cloud(150, 180, 0.6)) +
      floor(620, "#E8C9A0") +
      `<path d="M0 680H800M0 740H800" stroke="#D4AE80" stroke-width="4"/>`,
    at: [330, 530, 0.6],
    buddy: [630, 560, 250],
  }),
  park: () => ({
    back:
      `<rect width="800" height="800" fill="#CDEFFF"/><circle cx="680" cy="120" r="60" fill="${ink.star}"/>` +
      cloud(200, 140, 1) +
      cloud(500, 200, 0.7) +
      `<path d="M0 560q200 -70 420 -10t380 -20V800H0z" fill="#8AC926"/><path d="M0 650q300 -60 800 0V800H0z" fill="#6A9E17"/>`,
    at: [330, 540, 0.58],
    buddy: [640, 580, 240],
  }),
  rain: () => ({
    back:
      `<rect width="800" height="800" fill="#C9D6E3"/>` +
      `<pattern id="rn" width="60" height="80" patternUnits="userSpaceOnUse"><path d="M10 10l-8 22M40 50l-8 22" stroke="#7F9BB8" stroke-width="4" stroke-linecap="round"/></pattern>` +
      `<rect width="800" height="620" fill="url(#rn)"/>` +
      cloud(180, 100, 1.2, "#9FB2C6") +
      cloud(560, 80, 1.4, "#9FB2C6") +
      floor(640, "#8FA5B8") +
      `<ellipse cx="560" cy="700" rx="170" ry="26" fill="#B5D3EC" ${thin}/>`,
    at: [330, 540, 0.6],
    buddy: [630, 575, 240],
  }),
  tv: () => ({
    back:
      `<rect width="800" height="800" fill="#F4EDE4"/>` +
      `<rect x="250" y="470" width="450" height="200" rx="10" fill="#C98F5B" ${outline}/>` +
      `<rect x="270" y="110" width="420" height="300" rx="18" fill="${ink.navy}" ${outline}/>` +
      `<rect x="290" y="130" width="380" height="260" rx="8" fill="#BFE9FA"/><path d="M290 330q100 -40 190 0t190 -10v70h-380z" fill="#8AC926"/>` +
      miaubotHead(480, 270, 150) +
      `<path d="M460 410l-30 60h100l-30 -60z" fill="${ink.navy}"/>` +
      floor(670, "#E0CDB5"),
    at: [230, 540, 0.55],
  }),
  desk: () => ({
    back:
      `<rect width="800" height="800" fill="#EAF2F8"/>` +
      `<rect x="480" y="90" width="230" height="170" rx="8" fill="#D9B38C" ${outline}/><path d="${starPath(595, 175, 50)}" fill="${ink.star}" ${thin}/>` +
      floor(600, "#C98F5B") +
      `<rect y="600" width="800" height="22" fill="#B07A48"/>`,
    at: [360, 500, 0.6],
    buddy: [660, 520, 170],
  }),
  bedroom: () => ({
    back:
      `<rect width="800" height="800" fill="#2B3A67"/>` +
      windowFrame(560, 90, "#1B2545", `<circle cx="610" cy="140" r="26" fill="${ink.star}"/>`) +
      `<path d="${starPath(120, 120, 14)}${starPath(300, 80, 10)}${starPath(220, 220, 8)}" fill="${ink.star}"/>` +
      floor(640, "#5B4A7A") +
      `<ellipse cx="400" cy="720" rx="300" ry="40" fill="#8E6CEF" opacity=".5"/>`,
    at: [370, 520, 0.62],
    buddy: [660, 590, 200],
  }),
  bath: () => ({
    back:
      `<pattern id="tl" width="80" height="80" patternUnits="userSpaceOnUse"><rect width="80" height="80" fill="#E3F4FA"/><path d="M0 0h80v80" fill="none" stroke="#B9DDEA" stroke-width="4"/></pattern>` +
      `<rect width="800" height="800" fill="url(#tl)"/>` +
      floor(640, "#9FC9D9") +
      `<path d="M80 130h300" stroke="#9AA6B2" stroke-width="14" stroke-linecap="round"/>`,
    at: [350, 520, 0.62],
    buddy: [650, 580, 220],
  }),
  kitchen: (c) => ({
    back:
      `<rect width="800" height="800" fill="${c.sw.light}"/>` +
      `<rect x="80" y="160" width="640" height="16" fill="#C98F5B"/>` +
      `<circle cx="180" cy="120" r="40" fill="#fff" ${thin}/><circle cx="290" cy="120" r="40" fill="#fff" ${thin}/>` +
      floor(600, "#FFFFFF") +
      `<pattern id="ck" width="60" height="60" patternUnits="userSpaceOnUse"><path d="M0 0h30v30h30v30h-30v-30h-30z" fill="#FF6B6B" opacity=".45"/></pattern>` +
      `<rect y="600" width="800" height="200" fill="url(#ck)"/>`,
    at: [370, 480, 0.62],
    buddy: [650, 560, 160],
  }),
  sky: () => ({
    back:
      `<rect width="800" height="800" fill="#BFE9FA"/>` +
      cloud(160, 160, 1.1) +
      cloud(620, 420, 0.8) +
      `<path d="M0 640q250 -60 520 -30t280 10V800H0z" fill="#8AC926"/>`,
    at: [450, 290, 0.62],
    buddy: [640, 530, 220],
  }),
};

/** View 3: the object at home in a little scene, or in its packaging. */
export function sceneView(name: SceneName, object: string, c: ArtContext): string {
  const layout = layouts[name](c);
  const [x, y, s] = layout.at;
  const buddy = layout.buddy;
  const friend = buddy === undefined ? "" : character(c.who, buddy[0], buddy[1], buddy[2], { pose: "wave" });
  if (name !== "box") return layout.back + place(object, x, y, s) + friend;
  return `${layout.back}<clipPath id="win"><rect x="195" y="240" width="370" height="360" rx="26"/></clipPath><g clip-path="url(#win)">${place(object, x, y, s)}</g>`;
}
