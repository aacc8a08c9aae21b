import { type ArtContext, type KindArt, outline, shadow, thin } from "./art-kit.ts";
import { catHood } from "./kinds-clothes.ts";
import { ink } from "./palette.ts";
import { starPath } from "./svg.ts";

/** The animal characters' costumes differ in colour, ears and what sits on the hood. */
type Suit = { body: string; inside: string; ears: string; crest: string };

const suits: Readonly<Record<"miaubot" | "pipo" | "chispa", Suit>> = {
  miaubot: {
    body: ink.miaubot,
    inside: "#0E6F7C",
    ears: "",
    crest: `<path d="M400 60v-26" stroke="${ink.outline}" stroke-width="6"/><path d="${starPath(400, 28, 20)}" fill="${ink.star}" class="o"/>`,
  },
  pipo: {
    body: "#A7B1BC",
    inside: "#5E6A75",
    ears: `<circle cx="290" cy="90" r="56" fill="#A7B1BC" class="o"/><circle cx="510" cy="90" r="56" fill="#A7B1BC" class="o"/><circle cx="290" cy="90" r="32" fill="#FFB3C6"/><circle cx="510" cy="90" r="32" fill="#FFB3C6"/>`,
    crest: `<circle cx="400" cy="40" r="12" fill="#FF6B6B" class="o"/>`,
  },
  chispa: {
    body: "#FFC93C",
    inside: "#C9782B",
    ears: "",
    crest: `<path d="M392 40h18l-10 18h14l-24 30l6 -22h-12z" fill="#FF6B3D"/>`,
  },
};

function animalSuit(suit: Suit, floppy: boolean): string {
  const hood = catHood(suit.body, suit.inside);
  const dogEars = `<ellipse cx="300" cy="150" rx="30" ry="70" transform="rotate(20 300 150)" fill="#C9782B" class="o"/><ellipse cx="500" cy="150" rx="30" ry="70" transform="rotate(-20 500 150)" fill="#C9782B" class="o"/>`;
  return (
    shadow(400, 680, 200) +
    `<path d="M260 200h280l70 230l-55 18l-45 -120v340h-115l-25 -190l-25 190h-115v-340l-45 120l-55 -18z" fill="${suit.body}" ${outline}/>` +
    `<ellipse cx="400" cy="420" rx="95" ry="105" fill="#fff" ${outline}/>` +
    `<path d="M255 650h124v-22h-124zM421 650h124v-22h-124z" fill="#fff" ${outline}/><circle cx="230" cy="452" r="26" fill="#fff" ${outline}/><circle cx="570" cy="452" r="26" fill="#fff" ${outline}/>` +
    `<circle cx="400" cy="430" r="40" fill="${ink.pocket}" ${thin}/><path d="${starPath(400, 430, 20)}" fill="${ink.star}"/>` +
    `<path d="M548 600q60 20 40 80" fill="none" stroke="${ink.outline}" stroke-width="6"/>` +
    `<rect x="300" y="196" width="200" height="26" rx="13" fill="${floppy ? ink.brand : ink.collar}" ${outline}/>` +
    suit.ears +
    `<g transform="translate(0 -40) scale(1 .9)">${floppy ? hood.replace(/<path d="M304[^>]*>/, "") : hood}</g>` +
    (floppy ? dogEars : "") +
    suit.crest
  );
}

const hanger = `<path d="M400 150v-40q0 -28 24 -28t24 24M400 150l-190 70h380z" fill="none" stroke="#7B8794" stroke-width="10" stroke-linejoin="round"/>`;

/** The human characters' costumes: their outfit on a hanger. */
const outfits: Readonly<Record<"lia" | "bruno" | "tuerca", string>> = {
  lia:
    `<path d="M320 200h160l130 440h-420z" fill="#FF6B6B" ${outline}/><path d="M330 200l70 60l70 -60z" fill="#fff" ${outline}/>` +
    `<path d="M300 330l-80 90l40 40l70 -80M500 330l80 90l-40 40l-70 -80" fill="#FF6B6B" ${outline}/>` +
    `<path d="${starPath(620, 220, 40)}" fill="${ink.star}" ${outline}/>`,
  bruno:
    `<path d="M250 210h300l80 90l-60 60l-40 -40v160h-260v-160l-40 40l-60 -60z" fill="${ink.brand}" ${outline}/>` +
    `<path d="M380 210h40v270h-40z" fill="#fff"/>` +
    `<path d="M270 500h260l20 150h-130l-20 -70l-20 70h-130z" fill="${ink.navy}" ${outline}/>`,
  tuerca:
    `<path d="M300 200h200l70 450h-340z" fill="#fff" ${outline}/><path d="M340 200l60 130l60 -130z" fill="#8E6CEF" ${outline}/>` +
    `<path d="M300 210l-90 300l50 14l70 -200M500 210l90 300l-50 14l-70 -200" fill="#fff" ${outline}/>` +
    `<rect x="440" y="420" width="70" height="60" fill="#E3F4FA" ${thin}/>` +
    `<path d="M560 600h120" stroke="#FF9F43" stroke-width="12"/><circle cx="590" cy="600" r="30" fill="#BFE9FA" ${outline}/><circle cx="660" cy="600" r="30" fill="#BFE9FA" ${outline}/>`,
};

function drawCostume(c: ArtContext): string {
  if (c.who === "lia" || c.who === "bruno" || c.who === "tuerca") {
    return shadow(400, 680, 200) + outfits[c.who] + hanger;
  }
  return animalSuit(suits[c.who], c.who === "chispa");
}

export const costumeKinds = {
  costume: { draw: drawCostume, focus: [400, 330, 1.4], scene: "room" } satisfies KindArt,
} as const;
