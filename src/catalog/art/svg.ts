/** Tiny string helpers that keep the generated SVG short and well-formed. */

function escapeXml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

/** Rounds to at most two decimals: coordinates are printed often, bytes add up. */
function num(value: number): string {
  return String(Math.round(value * 100) / 100);
}

export function move(x: number, y: number, scale = 1, rotate = 0): string {
  const parts = [`translate(${num(x)} ${num(y)})`];
  if (rotate !== 0) parts.push(`rotate(${num(rotate)})`);
  if (scale !== 1) parts.push(`scale(${num(scale)})`);
  return parts.join(" ");
}

export function group(transform: string, body: string): string {
  return `<g transform="${transform}">${body}</g>`;
}

/** A five-pointed star centred on (cx, cy). */
export function starPath(cx: number, cy: number, r: number): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    points.push(`${Math.round(cx + radius * Math.cos(angle))} ${Math.round(cy + radius * Math.sin(angle))}`);
  }
  return `M${points.join("L")}Z`;
}

/** Places a shared drawing from the defs library (see defs-library.ts). */
export function use(id: string, x: number, y: number, scale = 1, rotate = 0): string {
  return `<use href="#${id}" transform="${move(x, y, scale, rotate)}"/>`;
}

const OUTLINE = "#0B4F5C";

/** The cartoon outlines as two classes: far shorter than repeating three attributes. */
const style = `<style>.o,.t{stroke:${OUTLINE};stroke-linejoin:round}.o{stroke-width:5px}.t{stroke-width:3px}</style>`;

export function svgDocument(title: string, defs: string, body: string): string {
  const head =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800" role="img">';
  return `${head}<title>${escapeXml(title)}</title>${style}<defs>${defs}</defs>${body}</svg>`;
}
