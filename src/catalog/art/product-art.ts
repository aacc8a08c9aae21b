import type { ArtContext, KindArt } from "./art-kit.ts";
import { place } from "./art-kit.ts";
import { libraryDefsFor } from "./defs-library.ts";
import type { CharacterName } from "./friends.ts";
import { kindArt } from "./kind-art.ts";
import { motifOfTitle } from "./motifs.ts";
import { type Variant, variantOf } from "./palette.ts";
import { kindOfProduct, normalizeWords } from "./product-kind.ts";
import { backdrop, sceneView } from "./scenes.ts";
import { svgDocument } from "./svg.ts";

export type ArtProduct = { id: number; texto: string; categoria: string; subcategoria: string };
export type ProductView = 0 | 1 | 2 | 3;

const characterWords: Readonly<Record<string, CharacterName>> = {
  miaubot: "miaubot",
  lia: "lia",
  pipo: "pipo",
  chispa: "chispa",
  bruno: "bruno",
  tuerca: "tuerca",
};

/** The first character the title names; Miaubot when it names none. */
export function characterOfTitle(title: string): CharacterName {
  for (const word of normalizeWords(title)) {
    const name = characterWords[word];
    if (name !== undefined) return name;
  }
  return "miaubot";
}

function closeUp(art: KindArt, c: ArtContext): string {
  const [x, y, zoom] = art.focus;
  return `<g transform="translate(400 400) scale(${zoom}) translate(${-x} ${-y})">${art.draw(c)}</g>`;
}

/** Other colourway (and pose), slightly turned: reads as a second photo, not a copy. */
function otherShot(art: KindArt, c: ArtContext, v: Variant): string {
  const alt: ArtContext = { ...c, sw: v.alt, style: (c.style + 1) % 3 };
  return art.alt === undefined ? place(art.draw(alt), 400, 430, 0.9, -6) : art.alt(alt);
}

function viewBody(art: KindArt, c: ArtContext, v: Variant, view: ProductView): string {
  if (view === 0) return backdrop(v.backdrop) + art.draw(c);
  if (view === 1) return backdrop(v.altBackdrop) + otherShot(art, c, v);
  if (view === 2) return backdrop(v.backdrop) + closeUp(art, c);
  return sceneView(art.scene, art.draw(c), c);
}

/** A standalone 800×800 SVG picture of a product: 0 main shot, 1 other shot, 2 detail, 3 scene. */
export function renderProductArt(p: ArtProduct, view: ProductView): string {
  const v = variantOf(p.id);
  const c: ArtContext = {
    sw: v.swatch,
    style: v.style,
    who: characterOfTitle(p.texto),
    motif: motifOfTitle(p.texto),
  };
  const body = viewBody(kindArt(kindOfProduct(p)), c, v, view);
  return svgDocument(p.texto, libraryDefsFor(body), body);
}
