import { humanFace } from "./figure-kit.ts";
import { outlineAttrs } from "./miaubot-figure.ts";
import { ink } from "./palette.ts";
import { starPath } from "./svg.ts";

export type PersonName = "lia" | "bruno" | "tuerca";

const skin = "#F3C6A5";

function legs(shoe: string): string {
  return (
    `<rect x="-42" y="120" width="26" height="52" fill="${skin}"/><rect x="16" y="120" width="26" height="52" fill="${skin}"/>` +
    `<ellipse cx="-30" cy="172" rx="26" ry="11" fill="${shoe}"/><ellipse cx="30" cy="172" rx="26" ry="11" fill="${shoe}"/>`
  );
}

const arms = (colour: string): string =>
  `<path d="M-74 74l-22 44M74 74l22 44" stroke="${colour}" stroke-width="18" stroke-linecap="round"/>`;

/** Lía, the girl of the series, with her star hair clip. */
function lia(): string {
  const hair = "#5B3A29";
  const shapes =
    legs(ink.navy) +
    arms(skin) +
    `<path d="M-40 22h80l40 112h-160z" fill="#FF6B6B"/>` +
    `<circle cx="-88" cy="-40" r="32" fill="${hair}"/><circle cx="88" cy="-40" r="32" fill="${hair}"/>` +
    `<ellipse cy="-58" rx="80" ry="78" fill="${hair}"/>` +
    `<ellipse cy="-40" rx="64" ry="62" fill="${skin}"/>` +
    `<path d="M-66 -56q20 -50 66 -52q46 2 66 52q-40 -10 -66 -34q-26 24 -66 34z" fill="${hair}"/>`;
  return `<g ${outlineAttrs}>${shapes}</g>${humanFace(-40)}<path d="${starPath(50, -94, 16)}" fill="${ink.star}" class="t"/>`;
}

/** Bruno, the football-mad friend, in his kit. */
function bruno(): string {
  const hair = "#3B2A20";
  const shapes =
    legs("#23262E") +
    `<path d="M-42 140h26v16h-26zM16 140h26v16h-26z" fill="#fff"/>` +
    arms(skin) +
    `<path d="M-56 84h112l6 46h-52l-10 -16l-10 16h-52z" fill="${ink.navy}"/>` +
    `<path d="M-50 22h100l36 36l-24 22l-14 -14v64h-100v-64l-14 14l-24 -22z" fill="${ink.brand}"/>` +
    `<path d="M-8 22h16v108h-16z" fill="#fff"/>` +
    `<ellipse cy="-44" rx="64" ry="62" fill="${skin}"/>` +
    `<path d="M-66 -50q-4 -66 66 -66q70 0 66 66l-16 -30l-16 16l-16 -24l-18 20l-18 -22l-16 22z" fill="${hair}"/>`;
  return `<g ${outlineAttrs}>${shapes}</g>${humanFace(-44)}`;
}

/** Profesora Tuerca, the inventor: silver bun, goggles up, lab coat. */
function tuerca(): string {
  const hair = "#A7B1BC";
  const shapes =
    legs("#6A4BC4") +
    arms("#fff") +
    `<path d="M-50 22h100l36 130h-172z" fill="#fff"/>` +
    `<path d="M-18 22l18 50l18 -50z" fill="#8E6CEF"/>` +
    `<rect x="20" y="92" width="28" height="24" fill="#E3F4FA"/>` +
    `<circle cy="-124" r="26" fill="${hair}"/>` +
    `<ellipse cy="-48" rx="74" ry="70" fill="${hair}"/>` +
    `<ellipse cy="-36" rx="62" ry="60" fill="${skin}"/>` +
    `<path d="M-64 -70h128" stroke="#FF9F43" stroke-width="10"/><circle cx="-26" cy="-72" r="20" fill="#BFE9FA"/><circle cx="26" cy="-72" r="20" fill="#BFE9FA"/>`;
  return `<g ${outlineAttrs}>${shapes}</g>${humanFace(-34)}`;
}

export const peopleDefs: Readonly<Record<PersonName, string>> = {
  lia: `<g id="lia">${lia()}</g>`,
  bruno: `<g id="bruno">${bruno()}</g>`,
  tuerca: `<g id="tuerca">${tuerca()}</g>`,
};
