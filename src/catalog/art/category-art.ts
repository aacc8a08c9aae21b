import { canonicalCategory } from "../categories.ts";
import { ageBadge } from "./age-badge.ts";
import { type ArtContext, place } from "./art-kit.ts";
import { libraryDefsFor } from "./defs-library.ts";
import { character } from "./friends.ts";
import { kindArt } from "./kind-art.ts";
import { type Swatch, variantOf } from "./palette.ts";
import type { ProductKind } from "./product-kind.ts";
import { backdrop, sceneView } from "./scenes.ts";
import { svgDocument } from "./svg.ts";

/** One object of a banner: its kind, where it goes ([x, y, scale]) and its colour seed. */
type Item = readonly [kind: ProductKind, x: number, y: number, scale: number, seed: number];

const swatchOf = (seed: number): Swatch => variantOf(seed).swatch;

function ctx(seed: number, who: ArtContext["who"] = "miaubot"): ArtContext {
  return { sw: swatchOf(seed), style: seed % 3, who, motif: "hills" };
}

function still(items: readonly Item[], seed: number): string {
  const objects = items.map(([kind, x, y, s, itemSeed]) => place(kindArt(kind).draw(ctx(itemSeed)), x, y, s));
  return backdrop(variantOf(seed).backdrop) + objects.join("");
}

const compositions: Readonly<Record<string, () => string>> = {
  Juguete: () =>
    still(
      [
        ["kite", 560, 260, 0.55, 4],
        ["ball", 600, 560, 0.45, 2],
        ["plush", 300, 430, 0.85, 1],
      ],
      1,
    ),
  Peluche: () =>
    backdrop(variantOf(5).backdrop) +
    place(kindArt("plush").draw(ctx(3, "pipo")), 170, 500, 0.55) +
    place(kindArt("plush").draw(ctx(4, "chispa")), 630, 500, 0.55) +
    place(kindArt("plush").draw(ctx(2)), 400, 440, 0.85),
  Juego: () =>
    still(
      [
        ["puzzle", 560, 300, 0.6, 3],
        ["boardGame", 360, 500, 0.8, 1],
      ],
      2,
    ),
  Figura: () =>
    backdrop(variantOf(3).backdrop) +
    place(kindArt("figure").draw(ctx(7, "lia")), 190, 470, 0.55) +
    place(kindArt("figure").draw(ctx(8, "chispa")), 610, 470, 0.55) +
    place(kindArt("figure").draw(ctx(1)), 400, 420, 0.8),
  AireLibre: () => sceneView("park", kindArt("ball").draw(ctx(5)), ctx(5)),
  Pelicula: () => sceneView("tv", kindArt("filmPack").draw(ctx(1)), ctx(1)),
  DVD: () => still([["dvd", 400, 420, 1, 2]], 2),
  BLURAY: () => still([["bluray", 400, 420, 1, 1]], 4),
  PACK: () => still([["filmPack", 400, 420, 1, 3]], 1),
  Escolar: () =>
    still(
      [
        ["pencils", 200, 500, 0.5, 3],
        ["notebook", 610, 460, 0.55, 4],
        ["backpack", 400, 430, 0.8, 1],
      ],
      3,
    ),
  MaterialEscolar: () =>
    still(
      [
        ["pencils", 560, 330, 0.6, 2],
        ["pencilCase", 330, 520, 0.7, 1],
      ],
      4,
    ),
  Mochila: () =>
    still(
      [
        ["lunchBox", 610, 540, 0.5, 2],
        ["backpack", 330, 420, 0.9, 1],
      ],
      5,
    ),
  Libro: () => {
    const book = kindArt("book");
    const open = book.alt?.(ctx(2)) ?? "";
    return (
      backdrop(variantOf(6).backdrop) + place(open, 400, 560, 0.62) + place(book.draw(ctx(4)), 400, 300, 0.5)
    );
  },
  Moda: () =>
    still(
      [
        ["cap", 610, 250, 0.5, 2],
        ["rainBoots", 610, 560, 0.45, 1],
        ["tshirt", 320, 420, 0.85, 3],
      ],
      2,
    ),
  Ropa: () =>
    still(
      [
        ["sweatshirt", 560, 400, 0.7, 2],
        ["tshirt", 260, 440, 0.7, 3],
      ],
      3,
    ),
  Accesorios: () =>
    still(
      [
        ["umbrella", 250, 380, 0.6, 2],
        ["cap", 580, 300, 0.5, 1],
        ["watch", 560, 560, 0.45, 4],
      ],
      4,
    ),
  Disfraz: () =>
    still(
      [
        ["mask", 600, 300, 0.5, 3],
        ["costume", 330, 440, 0.8, 1],
      ],
      5,
    ),
  Hogar: () =>
    still(
      [
        ["lamp", 610, 330, 0.55, 2],
        ["cushion", 300, 330, 0.5, 1],
        ["mug", 420, 560, 0.5, 3],
      ],
      6,
    ),
  RopaCama: () => sceneView("bedroom", kindArt("bedLinen").draw(ctx(1)), ctx(1)),
  Taza: () =>
    still(
      [
        ["mug", 230, 460, 0.55, 1],
        ["mug", 570, 460, 0.55, 2],
        ["mug", 400, 400, 0.7, 3],
      ],
      1,
    ),
  Baño: () => sceneView("bath", kindArt("towel").draw(ctx(2)), ctx(2)),
  Otros: () =>
    still(
      [
        ["homeItem", 300, 420, 0.7, 3],
        ["lamp", 600, 470, 0.55, 1],
      ],
      2,
    ),
  LotesExclusivos: () => still([["collectorLot", 400, 420, 1, 1]], 4),
  Regalo: () =>
    still([["giftBox", 300, 450, 0.8, 1]], 5) + character("miaubot", 630, 470, 360, { pose: "cheer" }),
};

/** Age bands: the badge's number, and a toy that suits the age. */
const ageBands: Readonly<Record<string, readonly [label: string, kind: ProductKind, seed: number]>> = {
  "DE 1 A 3 AÑOS": ["1-3", "plush", 1],
  "DE 3 A 5 AÑOS": ["3-5", "ball", 2],
  "DE 5 A 8 AÑOS": ["5-8", "kite", 3],
  "DE 8 A 11 AÑOS": ["8-11", "book", 4],
  ADULTOS: ["", "mug", 5],
};

function ageArt(label: string, kind: ProductKind, seed: number): string {
  const c = ctx(seed, kind === "plush" ? "pipo" : "miaubot");
  return (
    backdrop(variantOf(seed).backdrop) +
    place(kindArt(kind).draw(c), 600, 560, 0.42) +
    character("miaubot", 290, 440, 480, { pose: "cheer" }) +
    ageBadge(label, 590, 210, 120, c.sw.main)
  );
}

function fallbackArt(): string {
  return backdrop(variantOf(0).backdrop) + character("miaubot", 400, 410, 520, { pose: "wave" });
}

/** A standalone 800×800 SVG banner for a category (or one of its label variants). */
export function renderCategoryArt(name: string): string {
  const canonical = canonicalCategory(name) ?? name.trim();
  const band = ageBands[canonical];
  const body = band !== undefined ? ageArt(...band) : (compositions[canonical] ?? fallbackArt)();
  return svgDocument(name, libraryDefsFor(body), body);
}
