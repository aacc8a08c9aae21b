import { describe, expect, it } from "vitest";
import { beforeFullStop, hasControlCharacters, withoutControlCharacters } from "./text.ts";

describe("beforeFullStop", () => {
  it("lets a sentence's full stop end a name that ends in an abbreviation", () => {
    expect(`${beforeFullStop("Faro Azul Licencias, S.L.")}.`).toBe("Faro Azul Licencias, S.L.");
  });

  it("leaves a name without a final stop as it is", () => {
    expect(`${beforeFullStop("Faro Azul Licencias SL")}.`).toBe("Faro Azul Licencias SL.");
  });
});

describe("control characters (issue 11)", () => {
  it("finds and removes C0, DEL, C1 and bidirectional overrides, and nothing else", () => {
    expect(hasControlCharacters("Calle de Alcalá 12, 3.º B")).toBe(false);
    for (const sneaky of ["\u0000", "\u0007", "\u001b[2J", "\u007f", "\u0085", "\u202e", "\u2066"]) {
      expect(hasControlCharacters(`Ana${sneaky}`), JSON.stringify(sneaky)).toBe(true);
    }
    expect(withoutControlCharacters("Ana\u001b[2J\u0007 García\u202e")).toBe("Ana[2J García");
    expect(withoutControlCharacters("Ñandú Çà")).toBe("Ñandú Çà");
  });
});
