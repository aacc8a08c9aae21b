import { describe, expect, it } from "vitest";
import { ageGroups, subCategories, topCategories } from "../categories.ts";
import { renderCategoryArt } from "./category-art.ts";
import { type ArtProduct, characterOfTitle, renderProductArt } from "./product-art.ts";
import { kindOfProduct, productKinds } from "./product-kind.ts";
import { svgProblems } from "./svg-lint.ts";

/** A title whose first words pick each kind (homeItem comes from its category, Hogar). */
const samples: Record<string, string> = {
  plush: "Peluche",
  boardGame: "Juego de mesa",
  puzzle: "Puzle",
  figure: "Figura",
  ball: "Balón",
  kite: "Cometa",
  outdoorToy: "Pompero",
  scooter: "Patinete",
  dvd: "DVD",
  bluray: "Blu-ray",
  filmPack: "Pack 3 películas",
  pencilCase: "Estuche",
  pencils: "Lápices",
  notebook: "Cuaderno",
  book: "Libro",
  backpack: "Mochila",
  lunchBox: "Fiambrera",
  bottle: "Botella",
  schoolSupply: "Regla",
  scissors: "Tijeras",
  stickers: "Pegatinas",
  folder: "Carpeta",
  tshirt: "Camiseta",
  pyjama: "Pijama",
  sweatshirt: "Sudadera",
  raincoat: "Chubasquero",
  rainBoots: "Botas de agua",
  cap: "Gorra",
  umbrella: "Paraguas",
  helmet: "Casco de bici",
  mask: "Máscara",
  watch: "Reloj",
  clock: "Reloj de pared",
  socks: "Calcetines",
  swimwear: "Bañador",
  sunglasses: "Gafas de sol",
  faceMask: "Mascarilla",
  headband: "Diadema",
  costume: "Disfraz",
  bedLinen: "Funda nórdica",
  mug: "Taza",
  towel: "Toalla",
  bathrobe: "Albornoz",
  lamp: "Lámpara",
  cushion: "Cojín",
  homeItem: "Cuadro",
  collectorLot: "Lote exclusivo Japón:",
  giftBox: "Caja regalo",
};

function productOf(kind: string, id: number, who = "Miaubot"): ArtProduct {
  return { id, texto: `${samples[kind] ?? kind} ${who}`, categoria: "Hogar", subcategoria: "" };
}

const views = [0, 1, 2, 3] as const;
const fills = (svg: string): string[] =>
  [...svg.matchAll(/fill="(#[0-9A-Fa-f]{3,6})"/g)].map((m) => m[1] ?? "");

describe("renderProductArt", () => {
  it("has a sample title for every kind", () => {
    expect(productKinds.filter((kind) => kindOfProduct(productOf(kind, 1)) !== kind)).toEqual([]);
  });

  it.each(productKinds)("draws %s as well-formed, small, standalone SVG in every view", (kind) => {
    for (const who of ["Miaubot", "Pipo", "Lía"]) {
      for (const view of views) {
        const svg = renderProductArt(productOf(kind, 17, who), view);
        expect(svgProblems(svg), `${kind} ${who} view ${view}`).toEqual([]);
        expect(svg.length, `${kind} ${who} view ${view}`).toBeLessThan(7000);
      }
    }
  });

  it("is deterministic", () => {
    const product = productOf("mug", 42);
    expect(renderProductArt(product, 0)).toBe(renderProductArt({ ...product }, 0));
  });

  it("colours products of the same kind differently by id", () => {
    const colours = [1, 2, 3, 4, 5].map((id) => fills(renderProductArt(productOf("mug", id), 0)).join());
    expect(new Set(colours).size).toBe(5);
  });

  it("gives each view its own picture", () => {
    const pictures = views.map((view) => renderProductArt(productOf("tshirt", 8), view));
    expect(new Set(pictures).size).toBe(4);
  });

  it("puts the escaped title in <title> and never uses text elements", () => {
    const svg = renderProductArt(
      { id: 3, texto: 'Taza "Miaubot" <grande> & más', categoria: "Hogar", subcategoria: "Taza" },
      0,
    );
    expect(svg).toContain("<title>Taza &quot;Miaubot&quot; &lt;grande&gt; &amp; más</title>");
    expect(svg).not.toMatch(/<text\b/);
  });
});

describe("characterOfTitle", () => {
  it("finds the first character named, Miaubot by default", () => {
    expect(characterOfTitle("Peluche Pipo 15 cm")).toBe("pipo");
    expect(characterOfTitle("Camiseta Lía y Miaubot")).toBe("lia");
    expect(characterOfTitle("Figura articulada Profesora Tuerca")).toBe("tuerca");
    expect(characterOfTitle("Taza cerámica")).toBe("miaubot");
  });
});

describe("renderCategoryArt", () => {
  const names = [...topCategories, ...subCategories, ...ageGroups, "ROPA DE CAMA", "RopaDeCama", "Otra cosa"];

  it.each(names)("draws %s as well-formed SVG", (name) => {
    const svg = renderCategoryArt(name);
    expect(svgProblems(svg)).toEqual([]);
    expect(svg.length).toBeLessThan(8000);
  });

  it("draws the age groups apart from each other", () => {
    expect(new Set(ageGroups.map(renderCategoryArt)).size).toBe(ageGroups.length);
  });
});
