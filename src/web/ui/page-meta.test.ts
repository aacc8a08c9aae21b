import { describe, expect, it } from "vitest";
import { absoluteUrl } from "./page-meta.tsx";

describe("absoluteUrl", () => {
  it("puts the shop's origin before its own paths only", () => {
    expect(absoluteUrl("https://tienda.example", "/media/products/1.svg")).toBe(
      "https://tienda.example/media/products/1.svg",
    );
    expect(absoluteUrl("https://tienda.example", "https://imagenes.example/1.jpg")).toBe(
      "https://imagenes.example/1.jpg",
    );
  });
});
