import { describe, expect, it } from "vitest";
import { kindOfProduct, normalizeWords, productKinds } from "./product-kind.ts";

const kindOf = (texto: string, categoria = "Hogar", subcategoria = "") =>
  kindOfProduct({ texto, categoria, subcategoria });

describe("kindOfProduct", () => {
  it.each([
    ["Peluche Miaubot 30 cm", "plush"],
    ["Mochila escolar Miaubot y Lía", "backpack"],
    ["Estuche triple completo Miaubot", "pencilCase"],
    ["Lápices de colores Miaubot 12 unidades", "pencils"],
    ["Cuaderno A4 Miaubot cuadrícula", "notebook"],
    ["Libro Cuentos para dormir con Miaubot", "book"],
    ["DVD Miaubot y la ciudad de las nubes", "dvd"],
    ["Blu-ray Miaubot: el tesoro del volcán", "bluray"],
    ["Pack 3 películas Miaubot DVD", "filmPack"],
    ["Pack 2 DVD Miaubot", "filmPack"],
    ["Juego de mesa La carrera de los inventos", "boardGame"],
    ["Juego de sábanas Miaubot cama 90", "bedLinen"],
    ["Puzle 500 piezas Las aventuras de Miaubot", "puzzle"],
    ["Figura Chispa 8 cm", "figure"],
    ["Balón de fútbol Bruno talla 5", "ball"],
    ["Cometa Miaubot voladora", "kite"],
    ["Camiseta Lía y Miaubot niña", "tshirt"],
    ["Pijama largo Miaubot", "pyjama"],
    ["Sudadera con capucha Miaubot", "sweatshirt"],
    ["Chubasquero Miaubot infantil", "raincoat"],
    ["Botas de agua Miaubot", "rainBoots"],
    ["Gorra Miaubot infantil", "cap"],
    ["Paraguas transparente Miaubot", "umbrella"],
    ["Casco de bici Miaubot talla M", "helmet"],
    ["Máscara Miaubot", "mask"],
    ["Reloj digital Miaubot", "watch"],
    ["Reloj de pared Miaubot", "clock"],
    ["Disfraz de Miaubot infantil", "costume"],
    ["Funda nórdica Miaubot cama 90", "bedLinen"],
    ["Taza cerámica Miaubot 325 ml", "mug"],
    ["Toalla de playa Miaubot 70 x 140", "towel"],
    ["Albornoz infantil Miaubot con capucha", "bathrobe"],
    ["Lámpara de mesa Miaubot LED", "lamp"],
    ["Cojín Miaubot 40 cm", "cushion"],
    ["Lote exclusivo Japón: set de té Miaubot", "collectorLot"],
    ["Set de 3 tazas Miaubot", "mug"],
  ])("%s → %s", (title, kind) => {
    expect(kindOf(title)).toBe(kind);
  });

  it("ignores case and accents", () => {
    expect(kindOf("LÁMPARA quitamiedos")).toBe("lamp");
    expect(kindOf("lampara quitamiedos")).toBe("lamp");
    expect(kindOf("CAMISETA")).toBe("tshirt");
  });

  it("reads the product noun from the first words only", () => {
    expect(kindOf("Mochila con estuche y taza")).toBe("backpack");
    expect(kindOf("Set Miaubot de cinco piezas con luz y taza")).toBe("homeItem");
  });

  it("falls back to the sub-category, then the category", () => {
    expect(kindOf("Miaubot sorpresa", "Juguete", "Peluche")).toBe("plush");
    expect(kindOf("Miaubot sorpresa", "Moda", "Disfraz")).toBe("costume");
    expect(kindOf("Miaubot sorpresa", "Pelicula", "")).toBe("dvd");
    expect(kindOf("Miaubot sorpresa", "LotesExclusivos", "")).toBe("collectorLot");
    expect(kindOf("Miaubot sorpresa", "Desconocida", "")).toBe("giftBox");
  });

  it("names each kind once", () => {
    expect(new Set(productKinds).size).toBe(productKinds.length);
  });
});

describe("normalizeWords", () => {
  it("drops accents, case and punctuation", () => {
    expect(normalizeWords("¿Qué suena en casa? Blu-ray")).toEqual([
      "que",
      "suena",
      "en",
      "casa",
      "blu",
      "ray",
    ]);
  });
});
