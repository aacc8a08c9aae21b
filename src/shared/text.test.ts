import { describe, expect, it } from "vitest";
import { beforeFullStop } from "./text.ts";

describe("beforeFullStop", () => {
  it("lets a sentence's full stop end a name that ends in an abbreviation", () => {
    expect(`${beforeFullStop("Faro Azul Licencias, S.L.")}.`).toBe("Faro Azul Licencias, S.L.");
  });

  it("leaves a name without a final stop as it is", () => {
    expect(`${beforeFullStop("Faro Azul Licencias SL")}.`).toBe("Faro Azul Licencias SL.");
  });
});
