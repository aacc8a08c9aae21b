import { describe, expect, it } from "vitest";
import { extraImageNumber, mediaPathsIn, rasterVariants } from "./media-paths.ts";

describe("rasterVariants", () => {
  it("names an AVIF and a WebP file per width next to the SVG", () => {
    expect(rasterVariants("/media/products/12-1.svg")).toEqual([
      { width: 320, avif: "/media/products/12-1.w320.avif", webp: "/media/products/12-1.w320.webp" },
      { width: 640, avif: "/media/products/12-1.w640.avif", webp: "/media/products/12-1.w640.webp" },
    ]);
  });

  it("has none for a picture that is not drawn, such as a shop owner's own photo", () => {
    expect(rasterVariants("/media/fotos/12.jpg")).toEqual([]);
  });

  it("works for category pictures too", () => {
    expect(rasterVariants("/media/categories/peluche.svg")[0]?.webp).toBe(
      "/media/categories/peluche.w320.webp",
    );
  });
});

describe("mediaPathsIn", () => {
  it("finds one path, none, or two joined together", () => {
    expect(mediaPathsIn("/media/products/12.svg")).toEqual(["/media/products/12.svg"]);
    expect(mediaPathsIn("")).toEqual([]);
    expect(mediaPathsIn("https://images.example/a.png")).toEqual([]);
    expect(mediaPathsIn("/media/products/12.svg/media/products/12-1.svg")).toEqual([
      "/media/products/12.svg",
      "/media/products/12-1.svg",
    ]);
  });

  it("never yields a path that climbs out of the media folder", () => {
    expect(mediaPathsIn("/media/../secret.svg")).toEqual([]);
  });
});

describe("extraImageNumber", () => {
  it("reads the view number from the file name", () => {
    expect(extraImageNumber("/media/products/12-2.svg")).toBe(2);
    expect(extraImageNumber("/media/products/12.svg")).toBeUndefined();
    expect(extraImageNumber("/media/products/12-7.svg")).toBeUndefined();
  });
});
