import { describe, expect, it } from "vitest";
import products from "../data/products.json" with { type: "json" };
import { swapExchangedTexts, textsAreExchanged } from "./swap-exchanged-texts.ts";
import { sourceRecord } from "./test-records.ts";

const pitch = "Un peluche suave y abrazable de Miaubot para dormir acompañado.";
const details = "Peluche de Miaubot\nMedidas: 30 cm\nComposición: 100 % poliéster";

describe("textsAreExchanged", () => {
  it("spots multi-line or headed details in descripcion next to a one-line detalles", () => {
    expect(textsAreExchanged(details, pitch)).toBe(true);
    expect(textsAreExchanged("Composición: algodón. Medidas: 20 x 20 cm.", pitch)).toBe(true);
    expect(textsAreExchanged("Peluche de Miaubot<br>Tamaño: 30 cm", pitch)).toBe(true);
  });

  it("spots a descripcion three times as long as a one-line detalles", () => {
    expect(textsAreExchanged("x".repeat(150), "y".repeat(50))).toBe(true);
    expect(textsAreExchanged("x".repeat(149), "y".repeat(50))).toBe(false);
  });

  it("never fires when either text is empty: missing is not exchanged", () => {
    expect(textsAreExchanged(details, "")).toBe(false);
    expect(textsAreExchanged("", pitch)).toBe(false);
  });

  it("never fires when detalles looks like details", () => {
    expect(textsAreExchanged(pitch, details)).toBe(false);
    expect(textsAreExchanged(details, details)).toBe(false);
    expect(textsAreExchanged(pitch, "Medidas: 30 cm")).toBe(false);
  });

  it("finds nothing to swap in the shop's own catalogue, Spanish or Portuguese", () => {
    for (const product of products) {
      expect(textsAreExchanged(product.descripcion, product.detalles)).toBe(false);
      expect(textsAreExchanged(product.pt.descripcion, product.pt.detalles)).toBe(false);
    }
  });
});

describe("swapExchangedTexts", () => {
  const record = sourceRecord({ descripcion: details, detalles: pitch });

  it("swaps the Spanish and the Portuguese pair independently and notes each", () => {
    const pt = {
      texto: "Peluche",
      descripcion: "Dimensões: 30 cm\nComposição: poliéster",
      detalles: "Um peluche.",
      informacion: "",
    };
    const { record: repaired, notes } = swapExchangedTexts({ ...record, pt });
    expect(repaired).toEqual({
      ...record,
      descripcion: pitch,
      detalles: details,
      pt: { ...pt, descripcion: "Um peluche.", detalles: "Dimensões: 30 cm\nComposição: poliéster" },
    });
    expect(notes).toEqual([
      {
        kind: "repair",
        field: "descripcion",
        message: "held the details, and detalles the description; swapped them back.",
      },
      {
        kind: "repair",
        field: "pt.descripcion",
        message: "held the details, and pt.detalles the description; swapped them back.",
      },
    ]);
  });

  it("returns the very same record when nothing is exchanged", () => {
    const sound = { ...record, descripcion: pitch, detalles: details };
    expect(swapExchangedTexts(sound).record).toBe(sound);
  });
});
