import { describe, expect, it } from "vitest";
import { sourceNotes, textValueNote } from "./source-notes.ts";
import { sourceRecordSchema } from "./source-record-schema.ts";

describe("sourceRecordSchema", () => {
  it("normalises absent, null, numbers and spaces, and never fails on a text field", () => {
    const record = sourceRecordSchema.parse({
      id: 7,
      texto: " Taza ",
      precio: 9.95,
      codigo: 17,
      imagen: null,
      categoria: { name: "Hogar" },
      subcategoria: " Taza ",
      otrasImagenes: "https://img.example/a.jpg",
      pt: "Caneca",
    });
    expect(record).toMatchObject({
      texto: "Taza",
      codigo: "17",
      imagen: "",
      categoria: "",
      subcategoria: "Taza",
      edades: "",
      informacion: "",
      otrasImagenes: undefined,
      pt: undefined,
    });
    expect(record.stock).toBeUndefined();
  });
});

describe("textValueNote", () => {
  it("says nothing of an absent or sound value", () => {
    expect(textValueNote("edades", undefined, false)).toBeUndefined();
    expect(textValueNote("edades", "", false)).toBeUndefined();
    expect(textValueNote("edades", "ADULTOS", false)).toBeUndefined();
  });

  it("repairs null, spaces and numbers; warns of what it drops", () => {
    expect(textValueNote("edades", null, false)?.message).toBe("null; written as empty.");
    expect(textValueNote("edades", "  ", false)?.message).toBe("blank; written as empty.");
    expect(textValueNote("codigo", " A0001", true)).toEqual({
      kind: "repair",
      field: "codigo",
      message: "surrounding spaces trimmed.",
    });
    expect(textValueNote("codigo", 17, true)?.message).toBe("the number 17 written as text.");
    expect(textValueNote("codigo", true, true)).toEqual({
      kind: "warning",
      field: "codigo",
      message: "a boolean where text belongs; dropped.",
    });
  });

  it("leaves an empty value of a field whose emptiness is warned to that warning", () => {
    expect(textValueNote("imagen", null, true)).toBeUndefined();
    expect(textValueNote("imagen", " ", true)).toBeUndefined();
  });
});

describe("sourceNotes", () => {
  it("notes odd extra pictures, odd pt and unknown fields, with their paths", () => {
    const notes = sourceNotes({
      id: 1,
      otrasImagenes: [{ imagen1: null, imagen2: "", imagen3: "", imagen4: "x" }, { imagen1: "y" }],
      pt: { texto: "Caneca", descripcion: null, detalles: 3, extra: 1 },
      oferta: true,
    });
    expect(notes.map(({ kind, field, message }) => `${kind} ${field}: ${message}`)).toEqual([
      "warning otrasImagenes: 1 entries after the first dropped (one set of three is kept).",
      "repair imagen1: null; written as empty.",
      "warning otrasImagenes.imagen4: not a field of the catalogue format; dropped.",
      "repair pt.detalles: the number 3 written as text.",
      "warning pt.extra: not a field of the catalogue format; dropped.",
      "warning oferta: not a field of the catalogue format; dropped.",
    ]);
  });
});
