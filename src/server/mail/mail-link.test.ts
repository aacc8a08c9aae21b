import { describe, expect, it } from "vitest";
import { mailLink } from "./mail-link.ts";

describe("mailLink", () => {
  it("adds the mail's language to a page's address, with or without a query", () => {
    expect(mailLink("https://tienda.example", "/detalle/5", "pt")).toBe(
      "https://tienda.example/detalle/5?lang=pt",
    );
    expect(mailLink("https://tienda.example", "/pedido/ab?clave=1.x", "es")).toBe(
      "https://tienda.example/pedido/ab?clave=1.x&lang=es",
    );
  });
});
